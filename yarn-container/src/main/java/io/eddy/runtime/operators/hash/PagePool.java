package io.eddy.runtime.operators.hash;

import io.eddy.core.memory.MemorySegment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The free pages of one hash table or join: pages are taken for record areas, bucket tables and
 * spill buffers and given back when those are released. The pages themselves belong to the caller
 * that handed them in (which releases them to the memory manager after the table is closed).
 *
 * <p>Not thread-safe: owned by the task thread.
 */
final class PagePool {

    private final ArrayDeque<MemorySegment> free = new ArrayDeque<>();
    private final int pageSize;
    private final int totalPages;

    PagePool(Collection<MemorySegment> pages) {
        if (pages.isEmpty()) {
            throw new IllegalArgumentException("PagePool: no pages given (expected: at least one memory page)");
        }
        this.pageSize = pages.iterator().next().size();
        for (MemorySegment page : pages) {
            if (page.size() != pageSize) {
                throw new IllegalArgumentException("PagePool: pages of different sizes " + pageSize + " and "
                        + page.size() + " (expected: pages from one memory manager)");
            }
            free.push(page);
        }
        this.totalPages = pages.size();
    }

    int pageSize() {
        return pageSize;
    }

    int totalPages() {
        return totalPages;
    }

    int available() {
        return free.size();
    }

    /** A free page, or null if none is left. */
    MemorySegment take() {
        return free.poll();
    }

    /** {@code n} free pages; the caller checked {@link #available()} before. */
    List<MemorySegment> take(int n) {
        if (n > free.size()) {
            throw new IllegalStateException("Bug: " + n + " pages requested but only " + free.size() + " free");
        }
        List<MemorySegment> pages = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            pages.add(free.pop());
        }
        return pages;
    }

    void give(MemorySegment page) {
        free.push(page);
    }

    /** Gives back all of {@code pages} and clears the collection. */
    void give(Collection<MemorySegment> pages) {
        for (MemorySegment page : pages) {
            free.push(page);
        }
        pages.clear();
    }
}
