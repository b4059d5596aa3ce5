package org.roost.platform.requestbody;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

class BoundedBodyTest {

    /** Tomcat's request stream as far as this matters: it does not answer a zero-byte read while the body is open. */
    static final class OpenBody extends InputStream {
        private final byte[] sent;
        private int position;

        OpenBody(byte[] sent) {
            this.sent = sent;
        }

        @Override
        public int read() {
            throw new UnsupportedOperationException("read a byte at a time");
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (length == 0 || position == sent.length) {
                throw new IOException("would wait for bytes the client has not sent");
            }
            int n = Math.min(Math.min(length, 1000), sent.length - position); // a network delivers in pieces
            System.arraycopy(sent, position, buffer, offset, n);
            position += n;
            return n;
        }
    }

    @Test
    void stopsOneBytePastTheLimitWithoutAskingAnOpenBodyForMore() throws IOException {
        // given: a client has sent exactly one byte over a limit that spans several buffers, and waits
        int limit = 40_000;
        byte[] sent = new byte[limit + 1];
        Arrays.fill(sent, (byte) 'a');

        // when
        byte[] read = BoundedBody.readPast(new OpenBody(sent), limit);

        // then
        assertThat(read).hasSize(limit + 1);
    }

    @Test
    void returnsABodyUnderTheBoundWhole() throws IOException {
        // given
        byte[] sent = "{\"query\":\"{ me { id } }\"}".getBytes();

        // when
        byte[] read = BoundedBody.readPast(new ByteArrayInputStream(sent), 16_384);

        // then
        assertThat(read).isEqualTo(sent);
    }

    @Test
    void readsNothingOfAnEmptyBody() throws IOException {
        assertThat(BoundedBody.readPast(new ByteArrayInputStream(new byte[0]), 10)).isEmpty();
    }
}
