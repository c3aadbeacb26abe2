package io.eddy.iteration.runtime;

import java.io.IOException;

/**
 * The bytes of one part of a {@link ManagedSolutionSet} partition (its entry log or its index),
 * addressed by offset from 0: either pages of managed memory ({@link MemoryPageStore}) or a file
 * read and written through a few cached blocks ({@link FilePageStore}). A partition's addresses
 * mean the same in both, so a partition moves to disk by copying its pages into a file.
 *
 * <p>Ints and longs are read and written at addresses aligned to their size (never across a page
 * or block boundary); byte ranges may span any number of pages or blocks.
 *
 * <p>Not thread-safe: used under the set's lock.
 */
abstract class PageStore {

    abstract int getInt(long address) throws IOException;

    abstract void putInt(long address, int value) throws IOException;

    abstract long getLong(long address) throws IOException;

    abstract void putLong(long address, long value) throws IOException;

    /** Copies {@code length} bytes from {@code address} on into {@code target}. */
    abstract void read(long address, byte[] target, int offset, int length) throws IOException;

    /** Copies {@code length} bytes of {@code source} to {@code address} on. */
    abstract void write(long address, byte[] source, int offset, int length) throws IOException;

    /** The managed-memory pages to add before the bytes below {@code end} can be written; 0 for a file. */
    abstract int pagesToReach(long end);

    /** Makes the bytes below {@code end} writable: takes the pages {@link #pagesToReach} counted. */
    abstract void extendTo(long end);

    /** Forgets the bytes from {@code end} on: gives back the pages behind it, or shortens the file. */
    abstract void truncate(long end) throws IOException;

    /** Whether the bytes are in managed memory (else in a file). */
    abstract boolean inMemory();

    /** Gives back every page, or deletes the file; the store is unusable afterwards. Idempotent. */
    abstract void discard() throws IOException;
}
