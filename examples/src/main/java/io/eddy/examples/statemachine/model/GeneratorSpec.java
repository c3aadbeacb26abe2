package io.eddy.examples.statemachine.model;

import java.io.Serializable;

/**
 * What an {@link EventGenerator} generates: the seed, how many addresses each parallel generator
 * keeps in flight at once, and the probability that an event is an injected invalid transition.
 * Immutable and serializable, so a source function can carry it to its parallel instances.
 *
 * @param seed the base seed; each parallel generator derives its own from it and its index
 * @param concurrentAddresses addresses in flight per parallel generator, at least 1
 * @param invalidProbability the probability, in [0, 1), that an event is an invalid transition
 */
public record GeneratorSpec(long seed, int concurrentAddresses, double invalidProbability) implements Serializable {

    /** The defaults of the demo and the benchmarks: 1000 addresses per generator, 1 invalid event in 5000. */
    public static final GeneratorSpec DEFAULT = new GeneratorSpec(0x5EED_EDD1L, 1000, 1.0 / 5000);

    public GeneratorSpec {
        if (concurrentAddresses < 1) {
            throw new IllegalArgumentException("concurrentAddresses: " + concurrentAddresses + " (expected at least 1)");
        }
        if (!(invalidProbability >= 0 && invalidProbability < 1)) {
            throw new IllegalArgumentException("invalidProbability: " + invalidProbability + " (expected a value in [0, 1), e.g. 0.0002)");
        }
    }

    /** This spec with another invalid-transition probability. */
    public GeneratorSpec withInvalidProbability(double probability) {
        return new GeneratorSpec(seed, concurrentAddresses, probability);
    }

    /**
     * How many of {@code total} events the generator {@code subtask} of {@code parallelism} produces:
     * an even share, the first {@code total % parallelism} generators one more.
     */
    public static long eventsForSubtask(long total, int subtask, int parallelism) {
        if (total < 0) {
            throw new IllegalArgumentException("total events: " + total + " (expected 0 or more)");
        }
        checkSubtask(subtask, parallelism);
        return total / parallelism + (subtask < total % parallelism ? 1 : 0);
    }

    static void checkSubtask(int subtask, int parallelism) {
        if (parallelism < 1 || subtask < 0 || subtask >= parallelism) {
            throw new IllegalArgumentException(
                    "subtask " + subtask + " of parallelism " + parallelism + " (expected parallelism >= 1 and 0 <= subtask < parallelism)");
        }
    }
}
