package io.eddy.runtime.operators.hash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The slot layout of {@link BucketTable} and the entry layout of {@link RecordArea} that it relies on. */
class BucketTableTest {

    private static final int PAGE_SIZE = 4096;

    private static List<MemorySegment> pages(int n) {
        List<MemorySegment> pages = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            pages.add(MemorySegment.allocateHeap(PAGE_SIZE, null));
        }
        return pages;
    }

    private static BucketTable table(int slots) {
        return new BucketTable(pages(BucketTable.pagesFor(slots, PAGE_SIZE)), slots);
    }

    private static List<Long> lookup(BucketTable table, int hash) {
        List<Long> found = new ArrayList<>();
        table.startLookup(hash);
        for (int slot = table.nextSlot(); slot >= 0; slot = table.nextSlot()) {
            assertThat(table.hashAt(slot)).isEqualTo(hash);
            found.add(table.addressAt(slot));
        }
        return found;
    }

    @Test
    void slotsSpanPagesAndKeepNegativeHashesAndAddressesUpToTheLimit() {
        int slots = 4 * PAGE_SIZE / BucketTable.SLOT_BYTES;
        BucketTable table = table(slots);
        long last = RecordArea.MAX_ADDRESS - RecordArea.ALIGNMENT;
        // Home slots at a page's end run over into the next page, and the table's end wraps to slot 0.
        int pageEnd = PAGE_SIZE / BucketTable.SLOT_BYTES - 1;
        table.insert(pageEnd, 0L);
        table.insert(pageEnd, last);
        table.insert(slots - 1 | 0x8000_0000, 4L);
        table.insert(slots - 1 | 0x8000_0000, 1L << 33);
        table.insert(-1, 8L);

        assertThat(lookup(table, pageEnd)).containsExactly(0L, last);
        assertThat(lookup(table, slots - 1 | 0x8000_0000)).containsExactly(4L, 1L << 33);
        assertThat(lookup(table, -1)).containsExactly(8L);
        assertThat(lookup(table, 12345)).isEmpty();
        assertThat(table.size()).isEqualTo(5);
        assertThat(table.addressAt(0)).as("wrapped around to slot 0").isEqualTo(1L << 33);
        assertThat(table.addressAt(3)).as("a free slot").isEqualTo(-1L);

        table.setAddress(0, 96L);
        assertThat(table.hashAt(0)).isEqualTo(slots - 1 | 0x8000_0000);
        assertThat(lookup(table, slots - 1 | 0x8000_0000)).containsExactly(4L, 96L);

        table.clear();
        assertThat(lookup(table, pageEnd)).isEmpty();
        assertThat(table.size()).isZero();
    }

    @Test
    void refusesAddressesItCannotHold() {
        BucketTable table = table(16);
        assertThatThrownBy(() -> table.insert(1, 6L)).hasMessageContaining("not an aligned address");
        assertThatThrownBy(() -> table.insert(1, RecordArea.MAX_ADDRESS)).hasMessageContaining("not an aligned address");
        assertThat(table.size()).isZero();
    }

    @Test
    void aRecordAreaAtItsAddressLimitIsFullThoughPagesAreLeft() {
        PagePool pool = new PagePool(pages(4));
        RecordArea area = new RecordArea(pool, 100);
        byte[] record = new byte[17]; // 28-byte entries: 8 of header, 17, 3 of padding
        assertThat(area.append(record, record.length, 1)).isZero();
        assertThat(area.append(record, record.length, 2)).isEqualTo(28L);
        assertThat(area.append(record, record.length, 3)).isEqualTo(56L);
        assertThat(area.append(record, record.length, 4)).as("the entry would end at 112").isEqualTo(-1L);
        assertThat(area.append(record, 16, 5)).as("24 bytes end at 108").isEqualTo(-1L);
        assertThat(area.append(record, 8, 6)).as("16 bytes end at 100").isEqualTo(84L);
        assertThat(pool.available()).isEqualTo(3);
        assertThat(area.count()).isEqualTo(4);
    }

    @Test
    void recordEntriesAreAlignedKeepTheirFlagsApartAndSpanPages() throws Exception {
        RecordArea area = new RecordArea(new PagePool(pages(4)));
        DataInputDeserializer reader = new DataInputDeserializer();
        List<Long> addresses = new ArrayList<>();
        List<byte[]> records = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            byte[] bytes = new byte[i % 23];
            for (int b = 0; b < bytes.length; b++) {
                bytes[b] = (byte) (i * 31 + b);
            }
            long address = area.append(bytes, bytes.length, i * 7919);
            if (address < 0) {
                break;
            }
            assertThat(address % RecordArea.ALIGNMENT).isZero();
            addresses.add(address);
            records.add(bytes);
        }
        assertThat(addresses.size()).as("enough records to cross page boundaries").isGreaterThan(400);
        for (int i = 0; i < addresses.size(); i += 3) {
            area.setMatched(addresses.get(i));
        }
        for (int i = 0; i < addresses.size(); i += 5) {
            area.setEvicted(addresses.get(i));
        }
        long address = area.first();
        for (int i = 0; i < addresses.size(); i++) {
            assertThat(address).isEqualTo(addresses.get(i));
            assertThat(area.length(address)).isEqualTo(records.get(i).length);
            assertThat(area.hash(address)).isEqualTo(i * 7919);
            assertThat(area.isMatched(address)).isEqualTo(i % 3 == 0);
            assertThat(area.isEvicted(address)).isEqualTo(i % 5 == 0);
            area.read(address, reader);
            byte[] read = new byte[records.get(i).length];
            reader.readFully(read);
            assertThat(read).isEqualTo(records.get(i));
            address = area.next(address);
        }
        assertThat(address).isEqualTo(-1L);
    }
}
