package org.roost.identity.user;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;

@Configuration(proxyBeanMethods = false)
class PasswordConfig {

    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;

    @Bean
    PasswordEncoder passwordEncoder(PasswordProperties properties) {
        var argon2id = new Argon2PasswordEncoder(SALT_BYTES, HASH_BYTES, properties.parallelism(),
                properties.memoryKib(), properties.iterations());
        // Half the cores at most by default: the other half keeps serving everything else during a flood.
        int threads = properties.threads() > 0 ? properties.threads()
                : Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
        return new BoundedPasswordEncoder(argon2id, threads, properties.queueCapacity(), properties.maxWait());
    }
}
