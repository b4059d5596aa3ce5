package org.roost.platform.web.fuzz;

import java.time.Duration;
import java.util.OptionalInt;
import java.util.SplittableRandom;

/**
 * How many tries, how long, from which seed: system properties, so a longer local run needs no code change
 * ({@code -Droost.fuzz.seed=random -Droost.fuzz.tries=20000 -Droost.fuzz.max-duration=10m}). The defaults
 * keep CI's fuzzing under a minute: {@code roost.fuzz.tries} REST requests and half as many GraphQL ones,
 * each property stopping at {@code roost.fuzz.max-duration} whatever it reached.
 *
 * @param seed         the run's seed; try n draws from its own source derived from it
 * @param onlyTry      {@code roost.fuzz.try}: run this one try alone (to repeat a failure)
 * @param perRequest   an answer slower than this is a hang
 */
record FuzzSettings(long seed, int restTries, int graphQlTries, Duration maxDuration, Duration perRequest,
        OptionalInt onlyTry) {

    static FuzzSettings fromSystemProperties() {
        String seed = System.getProperty("roost.fuzz.seed", "20261123");
        int tries = Integer.getInteger("roost.fuzz.tries", 1200);
        String only = System.getProperty("roost.fuzz.try");
        return new FuzzSettings(
                seed.equals("random") ? new SplittableRandom().nextLong(1, Long.MAX_VALUE / 1_000_003L) : Long.parseLong(seed),
                tries, Integer.getInteger("roost.fuzz.graphql-tries", tries / 2),
                Duration.parse("PT" + System.getProperty("roost.fuzz.max-duration", "25s")), Duration.ofSeconds(5),
                only == null ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(only)));
    }
}
