package io.eddy.examples.batch.tpch;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@link Q3} in one thread without a framework: hash the qualifying customers, then the qualifying
 * orders, stream the line items summing revenue per order, keep the best ten. The expected answer in
 * tests, and the ceiling of the {@code tpch-q3} benchmark.
 */
public final class Q3Reference {

    /** The answer and how many line items were read. */
    public record Answer(List<Q3Row> rows, long lineitems) {}

    /** An order that qualifies: its date and ship priority. */
    private record Order(String date, int shipPriority) {}

    private Q3Reference() {}

    /** Answers query 3 over the tables in {@code tables}. */
    public static Answer run(Path tables) throws IOException {
        Set<Long> customers = new HashSet<>();
        lines(tables.resolve("customer.tbl"), f -> {
            if (Q3.SEGMENT.equals(f[6])) {
                customers.add(Long.parseLong(f[0]));
            }
        });
        Map<Long, Order> orders = new HashMap<>();
        lines(tables.resolve("orders.tbl"), f -> {
            if (f[4].compareTo(Q3.DATE) < 0 && customers.contains(Long.parseLong(f[1]))) {
                orders.put(Long.parseLong(f[0]), new Order(f[4], Integer.parseInt(f[7])));
            }
        });
        Map<Long, long[]> revenue = new HashMap<>();
        long[] lineitems = new long[1];
        lines(tables.resolve("lineitem.tbl"), f -> {
            lineitems[0]++;
            if (f[10].compareTo(Q3.DATE) > 0) {
                long key = Long.parseLong(f[0]);
                if (orders.containsKey(key)) {
                    revenue.computeIfAbsent(key, k -> new long[1])[0] += Q3Row.revenue(Double.parseDouble(f[5]), Double.parseDouble(f[6]));
                }
            }
        });
        List<Q3Row> rows = new ArrayList<>(revenue.size());
        revenue.forEach((key, sum) -> {
            Order o = orders.get(key);
            rows.add(new Q3Row(key, o.date(), o.shipPriority(), sum[0]));
        });
        rows.sort(Q3Row.BEST_FIRST);
        return new Answer(List.copyOf(rows.subList(0, Math.min(Q3.LIMIT, rows.size()))), lineitems[0]);
    }

    private static void lines(Path file, Consumer<String[]> fields) throws IOException {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.US_ASCII)) {
            String line;
            while ((line = reader.readLine()) != null) {
                fields.accept(line.split("\\|", -1));
            }
        }
    }
}
