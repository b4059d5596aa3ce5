package org.roost.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;

/**
 * The shared whole service with its embedded defaults (H2 in PostgreSQL mode, sessions in memory, no Redis), on a
 * real port and through MockMvc: the counterpart of {@link IntegrationTest} (docs/testing.md, "Shared
 * configurations"). Every class with this annotation or {@link EmbeddedDefaultsTest} shares one running service.
 * One deprecation is configured so the announcement mechanism can be observed (DeprecationHeadersTest); it only
 * adds headers under /api/users/. Demo data is off here: a test that needs it makes it and removes it again
 * (social.demo.DemoDataOnDemand). Time comes from a {@link SteppingClock}. It mails through the run's
 * {@link TestMailServer} ({@link TestMail}), as {@link IntegrationTest} does, for the H2 halves of the mail contracts;
 * the embedded default without a mail host is checked apart (identity.email.MailWithoutHostTest). The password encoder is
 * a Mockito spy (calling the real one unless a test stubs it; reset after each test) for
 * user.PasswordHashingOutsideTransactionsTest, declared here so that the test needs no context of its own; likewise
 * the passkey stores can be taken down by a test ({@link PasskeyStoreOutages}: passkeys.PasskeySignInDuringOutageTest),
 * and are up for every other.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "roost.redis.enabled=false",
        "roost.api.deprecations[0].path-prefix=/api/users/",
        "roost.api.deprecations[0].since=2026-11-01T00:00:00Z",
        "roost.api.deprecations[0].sunset=2027-06-01T00:00:00Z",
        "roost.api.deprecations[0].link=https://roost.example/docs/migrate-to-v1" })
@TestMail
@AutoConfigureMockMvc
@ActiveProfiles({ "test", "h2" })
@Import({ OpenApiResponseValidation.class, SteppingClock.Config.class, PasskeyStoreOutages.class })
@MockitoSpyBean(types = PasswordEncoder.class)
public @interface ServerOnH2 {
}
