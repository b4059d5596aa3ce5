package org.roost.platform.shared;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 as RFC 3629 defines it, checked by the JDK's decoder. Jackson's UTF-8 parser decodes some invalid
 * sequences (the overlong {@code C0 AF} reads as {@code /}), so request bodies are checked here before it reads them:
 * an overlong form can smuggle a character past a check on the bytes.
 */
public final class StrictUtf8 {

    private StrictUtf8() {
    }

    /** The offset of the first byte that is not valid UTF-8, or -1 if all are. */
    public static int firstInvalidByte(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(Math.min(bytes.length, 8192) + 2);
        while (true) {
            CoderResult result = decoder.decode(in, out, true);
            if (result.isError()) {
                return in.position();
            }
            if (result.isUnderflow()) {
                return decoder.flush(out.clear()).isError() ? in.position() : -1;
            }
            out.clear(); // overflow: the characters are not needed, only whether they decode
        }
    }

    /** Whether the text holds a surrogate without its pair ({@code "\udc00"} in JSON), which has no UTF-8 form. */
    public static boolean hasUnpairedSurrogate(CharSequence text) {
        return !StandardCharsets.UTF_8.newEncoder().canEncode(text);
    }
}
