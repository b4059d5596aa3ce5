package org.roost.identity.user;

import java.util.Arrays;
import java.util.Optional;

/**
 * The avatar formats we accept, recognised by their leading bytes: a client's declared content
 * type and file name are not evidence of what a file is.
 */
enum ImageType {
    PNG("image/png"), JPEG("image/jpeg"), WEBP("image/webp");

    private static final byte[] PNG_SIGNATURE = { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };

    private final String mediaType;

    ImageType(String mediaType) {
        this.mediaType = mediaType;
    }

    String mediaType() {
        return mediaType;
    }

    static Optional<ImageType> detect(byte[] bytes) {
        if (startsWith(bytes, PNG_SIGNATURE, 0)) {
            return Optional.of(PNG);
        }
        if (bytes.length >= 3 && (bytes[0] & 0xFF) == 0xFF && (bytes[1] & 0xFF) == 0xD8 && (bytes[2] & 0xFF) == 0xFF) {
            return Optional.of(JPEG);
        }
        if (startsWith(bytes, "RIFF".getBytes(), 0) && startsWith(bytes, "WEBP".getBytes(), 8)) {
            return Optional.of(WEBP);
        }
        return Optional.empty();
    }

    static Optional<ImageType> ofMediaType(String mediaType) {
        return Arrays.stream(values()).filter(t -> t.mediaType.equals(mediaType)).findFirst();
    }

    private static boolean startsWith(byte[] bytes, byte[] prefix, int offset) {
        if (bytes.length < offset + prefix.length) {
            return false;
        }
        return Arrays.equals(bytes, offset, offset + prefix.length, prefix, 0, prefix.length);
    }
}
