package org.roost.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

final class TemporaryFiles {

    private TemporaryFiles() {
    }

    /** Deletes a directory tree, best effort: a left-over temporary directory must not fail a test. */
    static void delete(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
        catch (IOException ex) {
            System.err.println("Could not delete " + root + ": " + ex);
        }
    }
}
