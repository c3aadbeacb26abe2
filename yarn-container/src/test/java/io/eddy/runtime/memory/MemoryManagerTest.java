package io.eddy.runtime.memory;

import io.eddy.configuration.WorkerMemoryOptions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.configuration.Configuration;
import io.eddy.configuration.MemorySize;
import io.eddy.core.memory.MemorySegment;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MemoryManagerTest {

    private static final int PAGE = 4096;

    @Test
    void budgetIsCountedInWholePages() {
        MemoryManager mm = new MemoryManager(10 * PAGE + 100, PAGE);
        assertThat(mm.pageSize()).isEqualTo(PAGE);
        assertThat(mm.totalPages()).isEqualTo(10);
        assertThat(mm.availablePages()).isEqualTo(10);
        assertThat(mm.verifyEmpty()).isTrue();
    }

    @Test
    void allocatesPagesOfThePageSizeOwnedByTheCaller() throws Exception {
        MemoryManager mm = new MemoryManager(10 * PAGE, PAGE);
        Object owner = "sorter";
        List<MemorySegment> pages = mm.allocatePages(owner, 4);
        assertThat(pages).hasSize(4).allSatisfy(p -> {
            assertThat(p.size()).isEqualTo(PAGE);
            assertThat(p.getOwner()).isSameAs(owner);
        });
        assertThat(pages).doesNotHaveDuplicates();
        assertThat(mm.availablePages()).isEqualTo(6);
        assertThat(mm.pagesHeldBy(owner)).isEqualTo(4);
        assertThat(mm.verifyEmpty()).isFalse();
    }

    @Test
    void aReservationTakesPagesFromTheBudgetWithoutAllocatingAndReleaseAllReturnsThem() throws Exception {
        MemoryManager mm = new MemoryManager(10 * PAGE, PAGE);
        Object combiner = "heap combiner";
        assertThat(mm.reserve(combiner, 3)).isEqualTo(3L * PAGE);
        assertThat(mm.reserve(combiner, 2)).isEqualTo(2L * PAGE);
        assertThat(mm.pagesReservedBy(combiner)).isEqualTo(5);
        assertThat(mm.pagesHeldBy(combiner)).as("nothing allocated").isZero();
        assertThat(mm.availablePages()).isEqualTo(5);
        assertThat(mm.verifyEmpty()).isFalse();
        assertThatThrownBy(() -> mm.allocatePages("sorter", 6))
                .isInstanceOf(MemoryAllocationException.class).hasMessageContaining("only 5 of 10");
        assertThatThrownBy(() -> mm.reserve("join", 6))
                .isInstanceOf(MemoryAllocationException.class).hasMessageContaining("reserve 6 pages").hasMessageContaining("join");
        assertThat(mm.availablePages()).as("a refused reservation takes nothing").isEqualTo(5);

        mm.releaseAll(combiner);
        assertThat(mm.pagesReservedBy(combiner)).isZero();
        assertThat(mm.verifyEmpty()).isTrue();
        mm.close();
        assertThatThrownBy(() -> mm.reserve(combiner, 1)).isInstanceOf(MemoryAllocationException.class).hasMessageContaining("closed");
    }

    @Test
    void allocationIsAllOrNothingAndTheErrorNamesTheNumbersAndTheKey() throws Exception {
        MemoryManager mm = new MemoryManager(10 * PAGE, PAGE);
        mm.allocatePages("first", 7);
        assertThatThrownBy(() -> mm.allocatePages("hash join", 4))
                .isInstanceOf(MemoryAllocationException.class)
                .hasMessageContaining("hash join")
                .hasMessageContaining("4 pages")
                .hasMessageContaining("only 3 of 10")
                .hasMessageContaining(WorkerMemoryOptions.MANAGED_MEMORY_SIZE.key());
        assertThat(mm.availablePages()).isEqualTo(3);
        assertThat(mm.pagesHeldBy("hash join")).isZero();
        assertThat(mm.allocatePages("hash join", 3)).hasSize(3);
        assertThat(mm.availablePages()).isZero();
    }

    @Test
    void releaseReturnsPagesAndIgnoresForeignOrDoubleReleases() throws Exception {
        MemoryManager mm = new MemoryManager(8 * PAGE, PAGE);
        List<MemorySegment> pages = mm.allocatePages("op", 3);
        mm.release(pages.get(0));
        assertThat(mm.availablePages()).isEqualTo(6);
        mm.release(pages.get(0));
        mm.release(MemorySegment.allocateHeap(PAGE, "op"));
        mm.release(MemorySegment.wrap(new byte[PAGE]));
        mm.release((MemorySegment) null);
        assertThat(mm.availablePages()).isEqualTo(6);

        List<MemorySegment> rest = new ArrayList<>(pages.subList(1, 3));
        mm.release(rest);
        assertThat(rest).isEmpty();
        assertThat(mm.verifyEmpty()).isTrue();
    }

    @Test
    void releaseAllFreesWhatOneOwnerHolds() throws Exception {
        MemoryManager mm = new MemoryManager(10 * PAGE, PAGE);
        Object failed = new Object();
        Object healthy = new Object();
        mm.allocatePages(failed, 3);
        mm.allocatePages(failed, 2);
        List<MemorySegment> kept = mm.allocatePages(healthy, 4);
        mm.releaseAll(failed);
        assertThat(mm.availablePages()).isEqualTo(6);
        assertThat(mm.pagesHeldBy(failed)).isZero();
        assertThat(mm.pagesHeldBy(healthy)).isEqualTo(4);
        mm.releaseAll(failed);
        assertThat(mm.availablePages()).isEqualTo(6);
        mm.release(kept);
        assertThat(mm.verifyEmpty()).isTrue();
    }

    @Test
    void computeNumberOfPagesGivesAtLeastOnePageForAPositiveShare() {
        MemoryManager mm = new MemoryManager(10 * PAGE, PAGE);
        assertThat(mm.computeNumberOfPages(0.5)).isEqualTo(5);
        assertThat(mm.computeNumberOfPages(0.01)).isEqualTo(1);
        assertThat(mm.computeNumberOfPages(0.0)).isZero();
        assertThat(mm.computeNumberOfPages(1.0)).isEqualTo(10);
        assertThatThrownBy(() -> mm.computeNumberOfPages(1.5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1.5");
    }

    @Test
    void closedManagerRefusesAllocation() throws Exception {
        MemoryManager mm = new MemoryManager(4 * PAGE, PAGE);
        List<MemorySegment> pages = mm.allocatePages("op", 2);
        mm.close();
        assertThatThrownBy(() -> mm.allocatePages("late op", 1))
                .isInstanceOf(MemoryAllocationException.class)
                .hasMessageContaining("late op")
                .hasMessageContaining("closed");
        mm.release(pages);
        assertThat(mm.isClosed()).isTrue();
    }

    @Test
    void rejectsBadArguments() {
        assertThatThrownBy(() -> new MemoryManager(1 << 20, 3000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("3000").hasMessageContaining(MemoryOptions.PAGE_SIZE.key());
        assertThatThrownBy(() -> new MemoryManager(100, PAGE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(WorkerMemoryOptions.MANAGED_MEMORY_SIZE.key());
        MemoryManager mm = new MemoryManager(4 * PAGE, PAGE);
        assertThatThrownBy(() -> mm.allocatePages(null, 1)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> mm.allocatePages("op", -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void concurrentAllocationNeverExceedsTheBudget() throws Exception {
        int threads = 4;
        int rounds = 2_000;
        MemoryManager mm = new MemoryManager(20 * PAGE, PAGE);
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<int[]>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Object owner = "task-" + t;
                results.add(pool.submit(() -> {
                    start.await();
                    int granted = 0;
                    int refused = 0;
                    for (int i = 0; i < rounds; i++) {
                        int n = 1 + (i % 7);
                        try {
                            List<MemorySegment> pages = mm.allocatePages(owner, n);
                            assertThat(pages).hasSize(n);
                            if (mm.availablePages() < 0) {
                                throw new AssertionError("negative available pages");
                            }
                            granted++;
                            if (i % 2 == 0) {
                                mm.release(pages);
                            } else {
                                mm.releaseAll(owner);
                            }
                        } catch (MemoryAllocationException e) {
                            refused++;
                        }
                    }
                    return new int[] {granted, refused};
                }));
            }
            start.countDown();
            int granted = 0;
            for (Future<int[]> f : results) {
                granted += f.get(30, TimeUnit.SECONDS)[0];
            }
            assertThat(granted).isPositive();
            assertThat(mm.verifyEmpty()).isTrue();
            assertThat(mm.availablePages()).isEqualTo(20);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void optionsReadSizesAndDirectories() {
        Configuration config = new Configuration()
                .set(WorkerMemoryOptions.MANAGED_MEMORY_SIZE, MemorySize.ofMebiBytes(2))
                .set(MemoryOptions.PAGE_SIZE, new MemorySize(8192));
        MemoryManager mm = MemoryOptions.createMemoryManager(config);
        assertThat(mm.pageSize()).isEqualTo(8192);
        assertThat(mm.totalPages()).isEqualTo(256);

        MemoryManager defaults = MemoryOptions.createMemoryManager(new Configuration());
        assertThat(defaults.pageSize()).isEqualTo(MemoryManager.DEFAULT_PAGE_SIZE);
        assertThat(defaults.totalPages() * (long) defaults.pageSize()).isEqualTo(128L << 20);

        assertThat(MemoryOptions.parseDirectories("/a, /b" + File.pathSeparator + "/c,"))
                .containsExactly(new File("/a"), new File("/b"), new File("/c"));
        assertThat(MemoryOptions.spillDirectories(new Configuration()))
                .containsExactly(new File(System.getProperty("java.io.tmpdir")));

        Configuration badPage = new Configuration().setString(MemoryOptions.PAGE_SIZE.key(), "3000");
        assertThatThrownBy(() -> MemoryOptions.pageSize(badPage)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(MemoryOptions.PAGE_SIZE.key());
    }
}
