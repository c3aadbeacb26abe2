package io.eddy.examples.batch.tpch;

import io.eddy.examples.ExampleMain;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Writes TPC-H-like {@code customer.tbl}, {@code orders.tbl} and {@code lineitem.tbl}: the columns of
 * the TPC-H schema in its order, fields separated by {@code |} (no trailing separator), dates as
 * {@code yyyy-mm-dd}, money with two decimals. Plain Java without Eddy imports, deterministic for a
 * seed and scale. At scale 1: 150,000 customers, 1,500,000 orders, about 6,000,000 line items (1 to 7
 * per order), about 1 GB in all. The value distributions follow the TPC-H specification in shape
 * (five market segments, order dates from 1992-01-01 to 1998-08-02, ship dates 1 to 121 days after
 * the order, discounts 0 to 10 percent, only customers whose key is not a multiple of 3 order) but
 * not in every detail (text columns are random letters, keys are dense); this is not dbgen.
 *
 * <pre>
 * customer: c_custkey|c_name|c_address|c_nationkey|c_phone|c_acctbal|c_mktsegment|c_comment
 * orders:   o_orderkey|o_custkey|o_orderstatus|o_totalprice|o_orderdate|o_orderpriority|o_clerk|o_shippriority|o_comment
 * lineitem: l_orderkey|l_partkey|l_suppkey|l_linenumber|l_quantity|l_extendedprice|l_discount|l_tax|l_returnflag
 *           |l_linestatus|l_shipdate|l_commitdate|l_receiptdate|l_shipinstruct|l_shipmode|l_comment
 * </pre>
 */
@Command(name = "tpch-generator", mixinStandardHelpOptions = true, description = "Writes TPC-H-like customer, orders and lineitem tables.")
public final class TpchGenerator implements Callable<Integer> {

    static final String[] SEGMENTS = {"AUTOMOBILE", "BUILDING", "FURNITURE", "HOUSEHOLD", "MACHINERY"};
    static final String[] PRIORITIES = {"1-URGENT", "2-HIGH", "3-MEDIUM", "4-NOT SPECIFIED", "5-LOW"};
    static final String[] INSTRUCTIONS = {"DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"};
    static final String[] MODES = {"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"};
    static final LocalDate START = LocalDate.of(1992, 1, 1);
    /** TPC-H's "current date" (1995-06-17) as days after START: what shipped or arrived before it has a status of done. */
    static final int CURRENT_DAY = (int) (LocalDate.of(1995, 6, 17).toEpochDay() - START.toEpochDay());
    /** Order dates run from START to 151 days before 1998-12-31, as in TPC-H. */
    static final int ORDER_DAYS = (int) (LocalDate.of(1998, 8, 2).toEpochDay() - START.toEpochDay()) + 1;
    /** The marker written last: a directory with it holds complete tables. */
    public static final String DONE_MARKER = "_TABLES_COMPLETE";

    @Option(names = "--scale", defaultValue = "0.01", description = "Scale factor; 1 is about 1 GB (default: ${DEFAULT-VALUE}).")
    double scale;

    @Option(names = "--out", required = true, description = "Directory to write the tables into (kept as it is if it holds complete tables).")
    Path out;

    @Option(names = "--seed", defaultValue = "19920101", description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed;

    private final String[] dates = new String[ORDER_DAYS + 121 + 30];
    /** Whether the line item written last had shipped by the current date (one generator per thread). */
    private boolean lastLineShipped;

    public TpchGenerator() {
        for (int d = 0; d < dates.length; d++) {
            dates[d] = START.plusDays(d).toString();
        }
    }

    public static void main(String[] args) throws Exception {
        System.exit(ExampleMain.execute(new CommandLine(new TpchGenerator()), args));
    }

    @Override
    public Integer call() throws IOException {
        if (Files.exists(out.resolve(DONE_MARKER))) {
            System.err.println("tpch-generator: reusing the tables in " + out);
            return 0;
        }
        write(out, scale, seed);
        System.err.println("tpch-generator: wrote the tables of scale " + scale + " into " + out);
        return 0;
    }

    /** Customers at {@code scale} (at least 3, so that some customers order). */
    public static long customers(double scale) {
        if (!(scale > 0)) {
            throw new IllegalArgumentException("scale: " + scale + " (expected: a positive number, 1 is about 1 GB)");
        }
        return Math.max(3, Math.round(150_000 * scale));
    }

    /** Writes the three tables of {@code scale} into {@code dir}, then the {@value #DONE_MARKER} marker. */
    public static void write(Path dir, double scale, long seed) throws IOException {
        long customers = customers(scale);
        Files.createDirectories(dir);
        Files.deleteIfExists(dir.resolve(DONE_MARKER));
        TpchGenerator generator = new TpchGenerator();
        try (Writer c = open(dir, "customer.tbl")) {
            generator.writeCustomers(c, customers, new SplittableRandom(seed));
        }
        try (Writer o = open(dir, "orders.tbl"); Writer l = open(dir, "lineitem.tbl")) {
            generator.writeOrders(o, l, customers, customers * 10, new SplittableRandom(seed + 1));
        }
        Files.writeString(dir.resolve(DONE_MARKER), "scale=" + scale + " seed=" + seed + "\n");
    }

    private static Writer open(Path dir, String name) throws IOException {
        return new BufferedWriter(Files.newBufferedWriter(dir.resolve(name), StandardCharsets.US_ASCII), 1 << 16);
    }

    void writeCustomers(Writer out, long customers, SplittableRandom random) throws IOException {
        StringBuilder s = new StringBuilder(256);
        for (long key = 1; key <= customers; key++) {
            s.setLength(0);
            s.append(key).append("|Customer#").append(String.format("%09d", key)).append('|');
            letters(s, random, 10, 40).append('|');
            int nation = random.nextInt(25);
            s.append(nation).append('|').append(10 + nation).append('-').append(100 + random.nextInt(900)).append('-')
                    .append(100 + random.nextInt(900)).append('-').append(1000 + random.nextInt(9000)).append('|');
            money(s, random.nextLong(-99_999, 1_000_000)).append('|');
            s.append(SEGMENTS[random.nextInt(SEGMENTS.length)]).append('|');
            letters(s, random, 29, 116).append('\n');
            out.append(s);
        }
    }

    void writeOrders(Writer orders, Writer lineitems, long customers, long count, SplittableRandom random) throws IOException {
        StringBuilder o = new StringBuilder(256);
        StringBuilder l = new StringBuilder(2048);
        for (long key = 1; key <= count; key++) {
            long customer;
            do {
                customer = 1 + random.nextLong(customers);
            } while (customer % 3 == 0);
            int orderDay = random.nextInt(ORDER_DAYS);
            l.setLength(0);
            int lines = 1 + random.nextInt(7);
            long total = 0;
            int shipped = 0;
            for (int n = 1; n <= lines; n++) {
                total += lineitem(l, random, key, n, orderDay);
                shipped += lastLineShipped ? 1 : 0;
            }
            o.setLength(0);
            o.append(key).append('|').append(customer).append('|').append(shipped == lines ? 'F' : shipped == 0 ? 'O' : 'P').append('|');
            money(o, total).append('|').append(dates[orderDay]).append('|').append(PRIORITIES[random.nextInt(PRIORITIES.length)]);
            o.append("|Clerk#").append(String.format("%09d", 1 + random.nextInt(1000))).append("|0|");
            letters(o, random, 19, 78).append('\n');
            orders.append(o);
            lineitems.append(l);
        }
    }

    /** Appends one line item; returns its charge in cents (price with tax, less discount). */
    private long lineitem(StringBuilder s, SplittableRandom random, long order, int number, int orderDay) {
        long part = 1 + random.nextLong(200_000);
        int quantity = 1 + random.nextInt(50);
        long retailCents = 90_000 + (part / 10) % 20_001 + 100 * (part % 1000);
        long price = quantity * retailCents;
        int discount = random.nextInt(11);
        int tax = random.nextInt(9);
        int shipDay = orderDay + 1 + random.nextInt(121);
        int commitDay = orderDay + 30 + random.nextInt(61);
        int receiptDay = shipDay + 1 + random.nextInt(30);
        boolean received = receiptDay < CURRENT_DAY;
        lastLineShipped = shipDay <= CURRENT_DAY;
        s.append(order).append('|').append(part).append('|').append(1 + (part + number) % 10_000).append('|').append(number).append('|');
        s.append(quantity).append('|');
        money(s, price).append("|0.").append(discount / 10).append(discount % 10).append("|0.0").append(tax).append('|');
        s.append(received ? (random.nextBoolean() ? 'R' : 'A') : 'N').append('|');
        s.append(lastLineShipped ? 'F' : 'O').append('|');
        s.append(dates[shipDay]).append('|').append(dates[commitDay]).append('|').append(dates[receiptDay]).append('|');
        s.append(INSTRUCTIONS[random.nextInt(INSTRUCTIONS.length)]).append('|').append(MODES[random.nextInt(MODES.length)]).append('|');
        letters(s, random, 10, 43).append('\n');
        return price * (100 - discount) / 100 * (100 + tax) / 100;
    }

    private static StringBuilder money(StringBuilder s, long cents) {
        if (cents < 0) {
            s.append('-');
            cents = -cents;
        }
        long rest = cents % 100;
        return s.append(cents / 100).append('.').append(rest < 10 ? "0" : "").append(rest);
    }

    private static StringBuilder letters(StringBuilder s, SplittableRandom random, int min, int max) {
        int n = min + random.nextInt(max - min + 1);
        for (int i = 0; i < n; i++) {
            s.append(i % 7 == 6 ? ' ' : (char) ('a' + random.nextInt(26)));
        }
        return s;
    }
}
