package io.eddy.runtime.operators.sort;

import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.memory.AbstractPagedInputView;
import java.io.EOFException;
import java.util.List;

/**
 * Reads serialized records from the pages of a {@link RecordAreaOutputView}, from any position
 * ({@link #seek(long)}); records may span pages. Reading past the last page fails with
 * {@link EOFException}.
 *
 * <p>Not thread-safe: each reader (comparison, iterator) uses its own view over the shared pages.
 */
final class RecordAreaInputView extends AbstractPagedInputView {

    private final List<MemorySegment> pages;
    private final int pageSize;
    /** The index of the current page in {@code pages}. */
    private int pageIndex;

    RecordAreaInputView(List<MemorySegment> pages, int pageSize) {
        super(null, 0, 0);
        this.pages = pages;
        this.pageSize = pageSize;
        this.pageIndex = -1;
    }

    /** Positions the view at byte {@code position} of the record area. */
    void seek(long position) {
        int index = (int) (position / pageSize);
        int offset = (int) (position % pageSize);
        if (offset == 0 && index > 0) {
            // At a page boundary: stay at the end of the previous page, so the first read advances.
            index--;
            offset = pageSize;
        }
        if (index < pages.size()) {
            pageIndex = index;
            seekInput(pages.get(index), offset, pageSize);
        } else {
            pageIndex = pages.size() - 1;
            seekInput(null, 0, 0);
        }
    }

    @Override
    protected MemorySegment nextSegment(MemorySegment current) throws EOFException {
        if (pageIndex + 1 >= pages.size()) {
            throw new EOFException("Read past the end of the sort buffer's record area (" + pages.size() + " pages)");
        }
        return pages.get(++pageIndex);
    }

    @Override
    protected int getLimitForSegment(MemorySegment segment) {
        return pageSize;
    }
}
