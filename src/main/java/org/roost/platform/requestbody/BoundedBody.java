package org.roost.platform.requestbody;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a request body up to a bound, for the filters that must hold a whole body (the size limit, idempotency).
 * Why not {@link InputStream#readNBytes(int)}: it asks the stream for zero bytes whenever its buffer is full, the
 * last time after the bound's final byte, and Tomcat's request stream does not answer a zero-byte read at once; it
 * waits for more data or its read timeout. A client that had sent one byte over the limit and waited got a 400 after
 * the timeout instead of a 413 at once. This never asks for zero bytes, so it returns as soon as the bound is passed
 * or the body ends.
 */
public final class BoundedBody {

    private BoundedBody() {
    }

    /** At most one byte past {@code limit} (as much as an array holds): more than the limit only if the body is. */
    public static byte[] readPast(InputStream in, long limit) throws IOException {
        int remaining = (int) Math.min(Integer.MAX_VALUE - 8, limit + 1);
        ByteArrayOutputStream body = new ByteArrayOutputStream(Math.min(remaining, 8192));
        byte[] buffer = new byte[8192];
        while (remaining > 0) {
            int n = in.read(buffer, 0, Math.min(buffer.length, remaining));
            if (n < 0) {
                break;
            }
            body.write(buffer, 0, n);
            remaining -= n;
        }
        return body.toByteArray();
    }
}
