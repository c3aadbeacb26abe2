package io.eddy.runtime.memory;

import io.eddy.configuration.WorkerMemoryOptions;
import io.eddy.core.memory.MemorySegment;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pages of managed memory for sorters, hash tables and caches. One instance per worker, shared by
 * all task threads of the worker.
 *
 * <p>The budget is a number of pages of {@link #pageSize()} bytes. Pages are heap
 * {@link MemorySegment}s allocated on demand within the budget; a released page is dropped and its
 * budget becomes available again (the garbage collector reclaims the array).
 *
 * <p>Contracts:
 * <ul>
 *   <li>{@link #allocatePages} is all or nothing: either all requested pages are handed out or
 *       none and a {@link MemoryAllocationException} says why.</li>
 *   <li>Every page is tracked under the owner it was allocated for ({@link MemorySegment#getOwner()}),
 *       so {@link #releaseAll(Object)} frees what a failed or cancelled operator still holds.</li>
 *   <li>Releasing a page that this manager did not hand out, or that was already released, is
 *       ignored (it is common in cleanup paths after a failure).</li>
 *   <li>{@link #reserve} takes pages out of the budget without allocating them, for an operator
 *       that keeps its data as heap objects within that many bytes; {@link #releaseAll(Object)}
 *       returns reservations too.</li>
 *   <li>After {@link #close()} allocation fails; release stays allowed.</li>
 * </ul>
 *
 * <p>Thread-safe: every method may be called from any thread; the bookkeeping is guarded by
 * {@code lock}.
 */
public final class MemoryManager implements AutoCloseable {

    /** The default page size: 32 KiB. */
    public static final int DEFAULT_PAGE_SIZE = 32 * 1024;

    /** The smallest page size accepted: a page must hold a block header and some data. */
    public static final int MIN_PAGE_SIZE = 256;

    private final int pageSize;
    private final int totalPages;
    private final Object lock = new Object();

    /** Pages handed out, per owner; each set is identity-based. Guarded by {@code lock}. */
    private final Map<Object, Set<MemorySegment>> allocated = new HashMap<>();
    /** Pages reserved without being allocated, per owner ({@link #reserve}). Guarded by {@code lock}. */
    private final Map<Object, Integer> reserved = new HashMap<>();
    /** Pages neither handed out nor reserved. Guarded by {@code lock}. */
    private int availablePages;
    /** Guarded by {@code lock}. */
    private boolean closed;

    /**
     * A manager with a budget of {@code memorySizeBytes} (rounded down to whole pages).
     *
     * @param memorySizeBytes the budget, at least one page
     * @param pageSize the size of a page, a power of two of at least {@link #MIN_PAGE_SIZE}
     */
    public MemoryManager(long memorySizeBytes, int pageSize) {
        if (pageSize < MIN_PAGE_SIZE || Integer.bitCount(pageSize) != 1) {
            throw new IllegalArgumentException("pageSize: " + pageSize + " (expected: a power of two of at least "
                    + MIN_PAGE_SIZE + " bytes; set " + MemoryOptions.PAGE_SIZE.key() + ")");
        }
        long pages = memorySizeBytes / pageSize;
        if (pages < 1 || pages > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("memorySizeBytes: " + memorySizeBytes + " (expected: between one page of "
                    + pageSize + " bytes and " + Integer.MAX_VALUE + " pages; set "
                    + WorkerMemoryOptions.MANAGED_MEMORY_SIZE.key() + ")");
        }
        this.pageSize = pageSize;
        this.totalPages = (int) pages;
        this.availablePages = totalPages;
    }

    /** The size of every page in bytes. */
    public int pageSize() {
        return pageSize;
    }

    /** The budget in pages. */
    public int totalPages() {
        return totalPages;
    }

    /** The pages that can be allocated now. */
    public int availablePages() {
        synchronized (lock) {
            return availablePages;
        }
    }

    /**
     * The number of pages that makes up {@code fraction} of the budget, rounded down, but at least
     * one when {@code fraction > 0}.
     *
     * @param fraction a share of the budget in [0, 1]
     */
    public int computeNumberOfPages(double fraction) {
        if (!(fraction >= 0.0 && fraction <= 1.0)) {
            throw new IllegalArgumentException("fraction: " + fraction + " (expected: a share of managed memory in [0, 1])");
        }
        int pages = (int) (totalPages * fraction);
        return fraction > 0.0 ? Math.max(1, pages) : 0;
    }

    /**
     * Allocates {@code numPages} pages for {@code owner}: all of them, or none.
     *
     * @param owner the operator (or other object) the pages are tracked under; not null
     * @throws MemoryAllocationException if fewer than {@code numPages} pages are available, or the
     *     manager is closed
     */
    public List<MemorySegment> allocatePages(Object owner, int numPages) throws MemoryAllocationException {
        synchronized (lock) {
            take(owner, numPages, "allocate");
            Set<MemorySegment> ownerPages =
                    allocated.computeIfAbsent(owner, o -> Collections.newSetFromMap(new IdentityHashMap<>()));
            List<MemorySegment> pages = new ArrayList<>(numPages);
            for (int i = 0; i < numPages; i++) {
                MemorySegment page = MemorySegment.allocateHeap(pageSize, owner);
                pages.add(page);
                ownerPages.add(page);
            }
            return pages;
        }
    }

    /**
     * Takes {@code numPages} pages out of the budget for {@code owner} without allocating them: the
     * owner may keep that many bytes ({@code numPages * pageSize()}) of heap objects instead. All or
     * nothing, like {@link #allocatePages}; {@link #releaseAll(Object)} gives the pages back.
     *
     * @return the reserved bytes
     * @throws MemoryAllocationException if fewer than {@code numPages} pages are available, or the
     *     manager is closed
     */
    public long reserve(Object owner, int numPages) throws MemoryAllocationException {
        synchronized (lock) {
            take(owner, numPages, "reserve");
            reserved.merge(owner, numPages, Integer::sum);
            return (long) numPages * pageSize;
        }
    }

    /** Takes {@code numPages} pages out of the budget for {@code owner}, or throws and takes none. Holds {@code lock}. */
    private void take(Object owner, int numPages, String verb) throws MemoryAllocationException {
        if (owner == null) {
            throw new NullPointerException("owner: null (expected: the object the pages are for)");
        }
        if (numPages < 0) {
            throw new IllegalArgumentException("numPages: " + numPages + " (expected: >= 0)");
        }
        if (closed) {
            throw new MemoryAllocationException("Cannot " + verb + " " + numPages + " pages for " + owner
                    + ": the memory manager is closed (the worker is shutting down)");
        }
        if (numPages > availablePages) {
            throw new MemoryAllocationException("Cannot " + verb + " " + numPages + " pages of " + pageSize + " bytes for "
                    + owner + ": only " + availablePages + " of " + totalPages + " pages are available. Raise "
                    + WorkerMemoryOptions.MANAGED_MEMORY_SIZE.key() + ", lower the parallelism per worker, or give the "
                    + "operator a smaller share of managed memory.");
        }
        availablePages -= numPages;
    }

    /** Returns one page to the budget. Pages not (or no longer) allocated by this manager are ignored. */
    public void release(MemorySegment segment) {
        if (segment == null) {
            return;
        }
        synchronized (lock) {
            releaseLocked(segment);
        }
    }

    /** Returns all {@code segments} to the budget and clears the collection. */
    public void release(Collection<MemorySegment> segments) {
        if (segments == null) {
            return;
        }
        synchronized (lock) {
            for (MemorySegment segment : segments) {
                if (segment != null) {
                    releaseLocked(segment);
                }
            }
        }
        segments.clear();
    }

    private void releaseLocked(MemorySegment segment) {
        Object owner = segment.getOwner();
        Set<MemorySegment> ownerPages = owner == null ? null : allocated.get(owner);
        if (ownerPages != null && ownerPages.remove(segment)) {
            availablePages++;
            if (ownerPages.isEmpty()) {
                allocated.remove(owner);
            }
        }
    }

    /** Returns every page that {@code owner} still holds, and every page it reserved, to the budget. */
    public void releaseAll(Object owner) {
        if (owner == null) {
            return;
        }
        synchronized (lock) {
            Set<MemorySegment> ownerPages = allocated.remove(owner);
            if (ownerPages != null) {
                availablePages += ownerPages.size();
            }
            Integer reservedPages = reserved.remove(owner);
            if (reservedPages != null) {
                availablePages += reservedPages;
            }
        }
    }

    /** The number of pages {@code owner} holds now. */
    public int pagesHeldBy(Object owner) {
        synchronized (lock) {
            Set<MemorySegment> ownerPages = allocated.get(owner);
            return ownerPages == null ? 0 : ownerPages.size();
        }
    }

    /** The number of pages {@code owner} has reserved now ({@link #reserve}). */
    public int pagesReservedBy(Object owner) {
        synchronized (lock) {
            return reserved.getOrDefault(owner, 0);
        }
    }

    /** True if every page has been returned: a check for tests and for the end of a task. */
    public boolean verifyEmpty() {
        synchronized (lock) {
            return availablePages == totalPages;
        }
    }

    /** True after {@link #close()}. */
    public boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    /**
     * Refuses further allocations and forgets all pages still handed out (their owners may keep
     * using them until they notice the shutdown; the memory is reclaimed by the garbage collector).
     * Idempotent.
     */
    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            allocated.clear();
            reserved.clear();
            availablePages = totalPages;
        }
    }

    @Override
    public String toString() {
        synchronized (lock) {
            return "MemoryManager{pageSize=" + pageSize + ", totalPages=" + totalPages + ", available=" + availablePages
                    + ", owners=" + allocated.size() + (closed ? ", closed" : "") + "}";
        }
    }
}
