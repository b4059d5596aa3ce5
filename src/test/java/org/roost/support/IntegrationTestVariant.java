package org.roost.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

/**
 * {@link IntegrationTest}'s service with what would change other tests' view of it, one start-up for all of it
 * (docs/testing.md, "Shared configurations"). Each of its tests is undisturbed by the others' settings:
 * <ul>
 * <li>Argon2id at its production cost, and no scheduled jobs competing for the cores (identity.user.LoginFloodTest,
 * SignUpFloodTest); the others hash a few passwords one at a time, and check no scheduled job (the follower import
 * runs the timeline maintenance itself);</li>
 * <li>public reading off ({@code roost.public-reading=false}; gateway.publicreading.PublicReadingOffTest); the
 * others read with a credential, or outside the public reads;</li>
 * <li>the production statement timeout (application.yml's 1,500 ms instead of the test profile's 60 s), for a
 * follower import that must answer within it (social.post.FollowerImportOnPostgresTest); the others' statements are
 * small. The connect timeouts are raised: on a loaded machine a new context's first connections can outlast them, and
 * none of the tests here checks them (the password pool's wait stays the production 3 s, which the floods check);</li>
 * <li>{@link TestEndpoints}: a feature contributed to the API chain (platform.apichain.FeatureContributionsTest)
 * and endpoints that fail (platform.web.HttpErrorContractTest), on paths nothing else uses.</li>
 * </ul>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@IntegrationTest
@TestPropertySource(properties = { "roost.passwords.memory-kib=19456", "roost.passwords.iterations=2",
        "roost.scheduling.enabled=false", "roost.public-reading=false", "roost.database.statement-timeout=1500ms",
        "roost.database.connect-timeout=20s", "spring.data.redis.connect-timeout=20s", "spring.data.redis.timeout=20s" })
@Import({ TestEndpoints.Probe.class, TestEndpoints.Failing.class })
public @interface IntegrationTestVariant {
}
