package org.roost.authorization.passkeys;

import org.roost.identity.twofactor.SecondFactors;
import org.roost.identity.user.UserService;
import org.roost.platform.origin.PublicOrigin;
import org.roost.platform.stepup.Reauthentication;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialRpEntity;
import org.springframework.security.web.webauthn.management.JdbcPublicKeyCredentialUserEntityRepository;
import org.springframework.security.web.webauthn.management.JdbcUserCredentialRepository;
import org.springframework.security.web.webauthn.management.PublicKeyCredentialUserEntityRepository;
import org.springframework.security.web.webauthn.management.UserCredentialRepository;
import org.springframework.security.web.webauthn.management.Webauthn4JRelyingPartyOperations;

/** The framework's JDBC stores (tables in V16_1) and its relying party, wrapped by {@link PasskeyRelyingParty}. */
@Configuration(proxyBeanMethods = false)
class PasskeyStores {

    @Bean
    PasskeyOrigins passkeyOrigins(PasskeyProperties properties, PublicOrigin origin) {
        return new PasskeyOrigins(properties.allowedOrigins(), origin);
    }

    @Bean
    PublicKeyCredentialUserEntityRepository passkeyUserEntities(JdbcOperations jdbc) {
        return new JdbcPublicKeyCredentialUserEntityRepository(jdbc);
    }

    @Bean
    UserCredentialRepository passkeyCredentials(JdbcOperations jdbc) {
        return new JdbcUserCredentialRepository(jdbc);
    }

    @Bean
    PasskeyRelyingParty passkeyRelyingParty(PasskeyProperties properties, PasskeyOrigins origins,
            PublicKeyCredentialUserEntityRepository userEntities, UserCredentialRepository credentials,
            UserService users, ApplicationEventPublisher events, SecondFactors secondFactors,
            Reauthentication reauthentication) {
        PublicKeyCredentialRpEntity rp = PublicKeyCredentialRpEntity.builder().id(properties.rpId())
                .name(properties.rpName()).build();
        return new PasskeyRelyingParty(
                new Webauthn4JRelyingPartyOperations(userEntities, credentials, rp, origins),
                userEntities, users, events, credentials, secondFactors, reauthentication);
    }
}
