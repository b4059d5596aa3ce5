package org.roost.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

/**
 * The embedded service (H2, no Redis) through MockMvc, with what the shared {@link ServerOnH2} must not have: keys
 * signed with ES256 rather than the default RS256 (authserver.DiscoveryWithEs256KeysTest), and passkey stores that a
 * test can take down ({@link PasskeyStoreOutages}, passkeys.PasskeySignInDuringOutageTest). One context for both
 * (docs/testing.md, "Shared configurations"); neither disturbs the other.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(properties = { "roost.redis.enabled=false", "roost.tokens.signing-algorithm=ES256" })
@AutoConfigureMockMvc
@ActiveProfiles({ "test", "h2" })
@Import(PasskeyStoreOutages.class)
public @interface ServerOnH2Variant {
}
