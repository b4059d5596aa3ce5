package org.roost.support;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Tests that need PostgreSQL and Redis: on a developer's machine without them they are skipped
 * with a visible reason; in CI ({@code CI=true}) their absence fails the run instead.
 */
public class RequiresServices implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        String missing = "";
        if (!reachable(env("ROOST_TEST_PG_HOST", "127.0.0.1"), Integer.parseInt(env("ROOST_TEST_PG_PORT", "5432")))) {
            missing += " PostgreSQL";
        }
        if (!reachable(env("ROOST_TEST_REDIS_HOST", "127.0.0.1"), Integer.parseInt(env("ROOST_TEST_REDIS_PORT", "6379")))) {
            missing += " Redis";
        }
        if (missing.isEmpty()) {
            return ConditionEvaluationResult.enabled("PostgreSQL and Redis are reachable");
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new IllegalStateException("CI needs" + missing + " but cannot reach it: start it (see .ci/run)");
        }
        String reason = "SKIPPED: not reachable:" + missing + " (start it to run these tests)";
        System.err.println(reason + " - " + context.getDisplayName());
        return ConditionEvaluationResult.disabled(reason);
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }

    private static boolean reachable(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 500);
            return true;
        }
        catch (IOException ex) {
            return false;
        }
    }
}
