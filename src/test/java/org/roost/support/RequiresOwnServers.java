package org.roost.support;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fault tests start their own PostgreSQL cluster and redis-server: without the binaries they are
 * skipped visibly on a developer's machine, and fail in CI ({@code CI=true}), which installs them.
 */
public class RequiresOwnServers implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        String missing = "";
        if (OwnPostgres.binaries().isEmpty()) {
            missing += " PostgreSQL server binaries (initdb, pg_ctl under /usr/lib/postgresql/<version>/bin)";
        }
        if (OwnRedis.binary().isEmpty()) {
            missing += " redis-server";
        }
        if (missing.isEmpty()) {
            return ConditionEvaluationResult.enabled("PostgreSQL and Redis binaries found");
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new IllegalStateException("CI needs" + missing + " to start its own servers: install them (see .ci/run)");
        }
        String reason = "SKIPPED: missing" + missing + " (install them to run the fault tests)";
        System.err.println(reason + " - " + context.getDisplayName());
        return ConditionEvaluationResult.disabled(reason);
    }
}
