package io.eddy.runtime.operators.sort;

import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.memory.AbstractPagedOutputView;
import java.io.EOFException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Appends serialized records to a growing list of equal-sized pages, taking each new page from a
 * supplier; records may span pages. When the supplier has no page left, the write fails with
 * {@link EOFException} and the caller rolls back with {@link #truncate(long)}. Positions are byte
 * offsets over the concatenated pages ({@code page * pageSize + offset}).
 *
 * <p>Not thread-safe: owned by the thread that fills the sort buffer.
 */
final class RecordAreaOutputView extends AbstractPagedOutputView {

    private final List<MemorySegment> pages = new ArrayList<>();
    private final Supplier<MemorySegment> pageSource;

    RecordAreaOutputView(Supplier<MemorySegment> pageSource, int pageSize) {
        super(null, pageSize, 0);
        this.pageSource = pageSource;
    }

    @Override
    protected MemorySegment nextSegment(MemorySegment current, int positionInCurrent) throws EOFException {
        MemorySegment next = pageSource.get();
        if (next == null) {
            throw new EOFException("Sort buffer full");
        }
        pages.add(next);
        return next;
    }

    /** The pages written so far (shared with the readers; do not modify). */
    List<MemorySegment> pages() {
        return pages;
    }

    /** The position at which the next byte will be written. */
    long position() {
        return pages.isEmpty() ? 0 : (long) (pages.size() - 1) * segmentSize + getCurrentPositionInSegment();
    }

    /**
     * Moves the write position back to {@code position} and hands back the pages past it, in the
     * order they were taken (the caller returns them to its pool).
     */
    List<MemorySegment> truncate(long position) {
        int keep = position == 0 ? 0 : (int) ((position - 1) / segmentSize) + 1;
        List<MemorySegment> surplus = new ArrayList<>(pages.subList(keep, pages.size()));
        pages.subList(keep, pages.size()).clear();
        if (keep == 0) {
            clear();
        } else {
            seekOutput(pages.get(keep - 1), (int) (position - (long) (keep - 1) * segmentSize));
        }
        return surplus;
    }
}
