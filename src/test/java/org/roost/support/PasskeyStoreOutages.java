package org.roost.support;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.security.web.webauthn.management.PublicKeyCredentialUserEntityRepository;
import org.springframework.security.web.webauthn.management.UserCredentialRepository;

/**
 * The framework's passkey stores, each of which a test can take "down" (it then throws what a JDBC store throws when
 * no connection can be had): passkeys.PasskeySignInDuringOutageTest. Up unless a test adds it to {@link #DOWN}, so
 * it changes nothing for the other tests of {@link ServerOnH2}, which imports it; a test that takes one down clears
 * the set after.
 */
@TestConfiguration(proxyBeanMethods = false)
public class PasskeyStoreOutages {

    /** Which of the passkey stores are "down" now; each throws as a JDBC store does when no connection can be had. */
    public static final Set<Class<?>> DOWN = ConcurrentHashMap.newKeySet();

    @Bean
    static BeanPostProcessor passkeyStoresThatCanBeDown() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                for (Class<?> store : new Class<?>[] { UserCredentialRepository.class,
                        PublicKeyCredentialUserEntityRepository.class }) {
                    if (store.isInstance(bean)) {
                        return Proxy.newProxyInstance(store.getClassLoader(), new Class<?>[] { store },
                                (proxy, method, args) -> {
                                    if (DOWN.contains(store)) {
                                        throw new CannotGetJdbcConnectionException("Connection to 127.0.0.1:5432 refused");
                                    }
                                    try {
                                        return method.invoke(bean, args);
                                    }
                                    catch (InvocationTargetException ex) {
                                        throw ex.getCause();
                                    }
                                });
                    }
                }
                return bean;
            }
        };
    }
}
