package org.roost.platform.aot;

import java.util.ArrayList;
import java.util.List;

import org.springframework.aot.AotDetector;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.env.Environment;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.session.MapSessionRepository;
import org.springframework.session.SessionRepository;
import org.springframework.stereotype.Component;

/**
 * Refuses to start a jar processed by Spring AOT whose settings choose other beans than the build did. Spring's AOT
 * processing decides every {@code @Conditional} when the jar is built (spring-projects' documented restriction), so
 * a jar built without Redis and started with {@code REDIS_URL} would keep its sessions in memory, and one built
 * without {@code spring.mail.host} would never send mail, both silently. Without AOT the conditions are decided at
 * start, from the same settings, and this check always passes.
 */
@Component
class BuildTimeConditions {

    BuildTimeConditions(Environment environment, ObjectProvider<SessionRepository<?>> sessions,
            ObjectProvider<JavaMailSender> mail) {
        if (!AotDetector.useGeneratedArtifacts()) {
            return;
        }
        List<String> mismatches = mismatches(environment.getProperty("roost.redis.enabled", Boolean.class, false),
                sessions.stream().anyMatch(repository -> !(repository instanceof MapSessionRepository)),
                environment.containsProperty("spring.mail.host"), mail.getIfAvailable() != null);
        if (!mismatches.isEmpty()) {
            throw new IllegalStateException("This jar was built with Spring AOT processing (mvn -Paot) for other settings: "
                    + String.join("; ", mismatches) + ". Build it again with these settings at build time "
                    + "(docs/running.md, \"Start-up\"), or start it without -Dspring.aot.enabled=true.");
        }
    }

    /** What the settings ask for against what the build made, one sentence per disagreement. */
    static List<String> mismatches(boolean redisEnabled, boolean redisSessions, boolean mailHostSet, boolean mailSender) {
        List<String> mismatches = new ArrayList<>();
        if (redisEnabled != redisSessions) {
            mismatches.add(redisEnabled ? "Redis is configured, but the build keeps sessions in memory"
                    : "Redis is not configured, but the build keeps sessions in Redis");
        }
        if (mailHostSet != mailSender) {
            mismatches.add(mailHostSet ? "spring.mail.host is set, but the build has no mail sender"
                    : "spring.mail.host is not set, but the build has a mail sender");
        }
        return mismatches;
    }
}
