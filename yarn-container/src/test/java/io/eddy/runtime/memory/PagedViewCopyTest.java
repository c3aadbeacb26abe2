package io.eddy.runtime.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.MemorySegment;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link AbstractPagedOutputView#write(io.eddy.core.memory.DataInputView, int)} from paged and from other views. */
class PagedViewCopyTest {

    /** Pages of {@code size} bytes, each starting with a {@code header}-byte header filled with 0x7f. */
    private static final class PageList extends AbstractPagedOutputView {

        final List<MemorySegment> pages = new ArrayList<>();
        final List<Integer> limits = new ArrayList<>();

        PageList(int size, int header) {
            super(null, size, header);
        }

        @Override
        protected MemorySegment nextSegment(MemorySegment current, int positionInCurrent) {
            if (current != null) {
                limits.add(positionInCurrent);
            }
            MemorySegment page = MemorySegment.allocateHeap(segmentSize, this);
            for (int i = 0; i < headerLength; i++) {
                page.put(i, (byte) 0x7f);
            }
            pages.add(page);
            return page;
        }

        void close() {
            limits.add(getCurrentPositionInSegment());
        }

        PageReader reader() {
            return new PageReader(pages, limits, headerLength);
        }

        /** The data bytes of all pages, headers left out. */
        byte[] data() {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            for (int i = 0; i < pages.size(); i++) {
                byte[] page = new byte[limits.get(i) - headerLength];
                pages.get(i).get(headerLength, page, 0, page.length);
                bytes.writeBytes(page);
            }
            return bytes.toByteArray();
        }
    }

    private static final class PageReader extends AbstractPagedInputView {

        private final List<MemorySegment> pages;
        private final List<Integer> limits;
        private int index = -1;

        PageReader(List<MemorySegment> pages, List<Integer> limits, int header) {
            super(null, 0, header);
            this.pages = pages;
            this.limits = limits;
        }

        @Override
        protected MemorySegment nextSegment(MemorySegment current) throws EOFException {
            if (index + 1 >= pages.size()) {
                throw new EOFException("no page after " + pages.size());
            }
            return pages.get(++index);
        }

        @Override
        protected int getLimitForSegment(MemorySegment segment) {
            return limits.get(index);
        }
    }

    @Test
    void copiesBetweenPagedViewsOfDifferentLayoutsAcrossPageBoundaries() throws IOException {
        Random random = new Random(7);
        byte[] data = new byte[50_000];
        random.nextBytes(data);
        PageList source = new PageList(1024, 8);
        source.write(data);
        source.close();

        PageReader reader = source.reader();
        PageList target = new PageList(700, 3);
        target.writeByte(1); // the target's writes start mid-page
        int copied = 0;
        while (copied < data.length) {
            int n = Math.min(data.length - copied, 1 + random.nextInt(3000));
            target.write(reader, n);
            copied += n;
        }
        target.close();

        byte[] written = target.data();
        assertThat(written).hasSize(data.length + 1);
        assertThat(written[0]).isEqualTo((byte) 1);
        assertThat(java.util.Arrays.copyOfRange(written, 1, written.length)).isEqualTo(data);
    }

    @Test
    void copyingMoreThanAPagedSourceHoldsFailsWithEof() throws IOException {
        PageList source = new PageList(256, 0);
        source.write(new byte[300]);
        source.close();
        PageList target = new PageList(256, 0);
        assertThatThrownBy(() -> target.write(source.reader(), 301)).isInstanceOf(EOFException.class);
    }

    @Test
    void copiesFromAViewThatIsNotPaged() throws IOException {
        byte[] data = new byte[10_000];
        new Random(3).nextBytes(data);
        PageList target = new PageList(512, 4);
        DataInputDeserializer source = new DataInputDeserializer(data);
        target.write(source, 6000);
        target.write(source, 4000);
        target.close();
        assertThat(target.data()).isEqualTo(data);
    }
}
