package io.eddy.master.concurrent;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Helpers for the futures the master's parts wait on. */
public final class Futures {

    private Futures() {}

    /** The failure a future's {@link CompletionException} or {@link ExecutionException} wraps, however deeply; {@code e} itself otherwise. */
    public static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
