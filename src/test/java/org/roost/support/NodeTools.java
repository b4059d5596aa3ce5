package org.roost.support;

import java.io.IOException;

import org.junit.jupiter.api.Assumptions;

import static org.assertj.core.api.Assertions.fail;

/** Tests that run Node: without it they are skipped locally, visibly, and fail in CI (.ci/run installs it). */
public final class NodeTools {

    private NodeTools() {
    }

    /** @param what what the test does with node, for the messages ("the OpenAPI lint") */
    public static void requireNode(String what) {
        boolean present;
        try {
            present = new ProcessBuilder("node", "--version").start().waitFor() == 0;
        }
        catch (IOException | InterruptedException ex) {
            present = false;
        }
        if (!present) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("CI needs node and npm for " + what + " (see .ci/run)");
            }
            System.err.println("SKIPPED: node is not installed, so " + what + " did not run");
            Assumptions.abort("node is not installed");
        }
    }
}
