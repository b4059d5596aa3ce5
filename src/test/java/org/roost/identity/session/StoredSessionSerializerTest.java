package org.roost.identity.session;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextImpl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Sessions stored in Redis before the {@code auth} package was split still load, and are written as before. */
class StoredSessionSerializerTest {

    final StoredSessionSerializer serializer = new StoredSessionSerializer(getClass().getClassLoader());
    final JdkSerializationRedisSerializer plain = new JdkSerializationRedisSerializer();
    final SecurityContextImpl context = new SecurityContextImpl(UsernamePasswordAuthenticationToken.authenticated(
            new SessionUser(7, "ann", Instant.parse("2026-11-22T12:00:00Z")), null, List.of(new SimpleGrantedAuthority("ROLE_USER"))));

    @Test
    void readsASessionWhosePrincipalWasStoredUnderItsFormerClassName() {
        // given a security context as the previous version stored it
        byte[] stored = renamed(plain.serialize(context), SessionUser.class.getName(), StoredSessionSerializer.FORMER_SESSION_USER);
        assertThatThrownBy(() -> plain.deserialize(stored)).isInstanceOf(SerializationException.class);

        // when / then
        assertThat(serializer.deserialize(stored)).isInstanceOfSatisfying(SecurityContextImpl.class,
                read -> assertThat(read.getAuthentication().getPrincipal()).isEqualTo(context.getAuthentication().getPrincipal()));
    }

    @Test
    void writesAndReadsTodaysSessionsAsBefore() {
        byte[] written = serializer.serialize(context);

        assertThat(written).isEqualTo(plain.serialize(context));
        assertThat(serializer.deserialize(written)).isInstanceOfSatisfying(SecurityContextImpl.class,
                read -> assertThat(read.getAuthentication().getPrincipal()).isEqualTo(context.getAuthentication().getPrincipal()));
    }

    /** Replaces a class name in a serialized stream (a modified-UTF-8 string after its two-byte length). */
    private static byte[] renamed(byte[] stream, String from, String to) {
        byte[] old = utf(from);
        byte[] replacement = utf(to);
        for (int i = 0; i <= stream.length - old.length; i++) {
            if (Arrays.equals(stream, i, i + old.length, old, 0, old.length)) {
                byte[] result = new byte[stream.length - old.length + replacement.length];
                System.arraycopy(stream, 0, result, 0, i);
                System.arraycopy(replacement, 0, result, i, replacement.length);
                System.arraycopy(stream, i + old.length, result, i + replacement.length, stream.length - i - old.length);
                return result;
            }
        }
        throw new AssertionError(from + " is not in the stream");
    }

    private static byte[] utf(String name) {
        byte[] text = name.getBytes(StandardCharsets.UTF_8);
        byte[] withLength = new byte[text.length + 2];
        withLength[0] = (byte) (text.length >> 8);
        withLength[1] = (byte) text.length;
        System.arraycopy(text, 0, withLength, 2, text.length);
        return withLength;
    }
}
