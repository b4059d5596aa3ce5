package org.roost.identity.session;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;

import org.jspecify.annotations.Nullable;
import org.springframework.core.ConfigurableObjectInputStream;
import org.springframework.core.serializer.support.DeserializingConverter;
import org.springframework.core.serializer.support.SerializingConverter;
import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * Session attributes in Redis, Java-serialized as before, and read also when they name the session
 * principal by its former class name ({@code org.roost.auth.SessionUser}, before the {@code auth} package
 * was split): sessions stored by an earlier version stay signed in instead of failing to load.
 */
final class StoredSessionSerializer implements RedisSerializer<Object> {

    static final String FORMER_SESSION_USER = "org.roost.auth.SessionUser";

    private final JdkSerializationRedisSerializer delegate;

    StoredSessionSerializer(@Nullable ClassLoader classLoader) {
        this.delegate = new JdkSerializationRedisSerializer(new SerializingConverter(),
                new DeserializingConverter(input -> read(input, classLoader)));
    }

    @Override
    public byte @Nullable [] serialize(@Nullable Object value) {
        return delegate.serialize(value);
    }

    @Override
    public @Nullable Object deserialize(byte @Nullable [] bytes) {
        return delegate.deserialize(bytes);
    }

    private static Object read(InputStream input, @Nullable ClassLoader classLoader) throws IOException {
        try (ObjectInputStream in = new ConfigurableObjectInputStream(input, classLoader) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass descriptor) throws IOException, ClassNotFoundException {
                // Only the package differs: serialization compares simple names, and the fields are the same.
                return FORMER_SESSION_USER.equals(descriptor.getName()) ? SessionUser.class : super.resolveClass(descriptor);
            }
        }) {
            return in.readObject();
        }
        catch (ClassNotFoundException ex) {
            throw new IOException("Failed to deserialize object type", ex);
        }
    }
}
