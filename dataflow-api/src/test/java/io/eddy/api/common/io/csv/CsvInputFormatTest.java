package io.eddy.api.common.io.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.io.FormatTestContext;
import io.eddy.api.common.io.Formats;
import io.eddy.api.common.io.ParseException;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.api.java.tuple.Tuple4;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvInputFormatTest {

    @TempDir
    Path dir;

    public record Person(int id, String name, double score) {
    }

    /** A POJO: public no-argument constructor, public fields. */
    public static class Account {
        public long number;
        public String owner;
        public boolean active;
    }

    private String file(String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, content, StandardCharsets.UTF_8);
        return p.toString();
    }

    @Test
    void parsesEveryFieldType() throws IOException {
        String path = file("types.csv", "7,-9000000000,-12,3,2.5,-1.25e3,TRUE,hello,123456789012345678901234567890,0.1000,2024-02-29\n");
        CsvInputFormat<io.eddy.api.java.tuple.Tuple> format = CsvInputFormat.forTuples(path, Integer.class, long.class,
                Short.class, Byte.class, Double.class, Float.class, Boolean.class, String.class, BigInteger.class,
                BigDecimal.class, LocalDate.class);
        io.eddy.api.java.tuple.Tuple t = Formats.readAll(format, 1).get(0);
        assertThat(List.of(t.getField(0), t.getField(1), t.getField(2), t.getField(3), t.getField(4), t.getField(5),
                t.getField(6), t.getField(7), t.getField(8), t.getField(9), t.getField(10)))
                .containsExactly(7, -9_000_000_000L, (short) -12, (byte) 3, 2.5, -1250f, true, "hello",
                        new BigInteger("123456789012345678901234567890"), new BigDecimal("0.1000"), LocalDate.of(2024, 2, 29));
        assertThat(format.getProducedType()).isEqualTo(Types.TUPLE(Types.INT, Types.LONG, Types.SHORT, Types.BYTE,
                Types.DOUBLE, Types.FLOAT, Types.BOOLEAN, Types.STRING, Types.BIG_INT, Types.BIG_DEC, Types.LOCAL_DATE));
    }

    @Test
    void quotesCommentsHeaderAndBlankLines() throws IOException {
        String path = file("q.csv", "id,text,n\r\n# a comment\n1,\"a, \"\"quoted\"\" text\",5\n\n2,plain,-6\n3,\"\",7\n4,,8");
        CsvInputFormat<Tuple3<Integer, String, Integer>> format =
                CsvInputFormat.<Tuple3<Integer, String, Integer>>forTuples(path, Integer.class, String.class, Integer.class)
                        .ignoreFirstLine().ignoreComments("#");
        assertThat(Formats.readAll(format, 1)).containsExactly(
                Tuple3.of(1, "a, \"quoted\" text", 5), Tuple3.of(2, "plain", -6), Tuple3.of(3, "", 7), Tuple3.of(4, "", 8));
    }

    @Test
    void fieldSelectionAndOtherDelimiters() throws IOException {
        String path = file("sel.csv", "a|1|x|2.5|ignored|more;b|2|y|3.5|z;");
        CsvInputFormat<Tuple2<Integer, Double>> format =
                CsvInputFormat.<Tuple2<Integer, Double>>forTuples(path, Integer.class, Double.class)
                        .fieldDelimiter("|").lineDelimiter(";").includeFields("0101");
        assertThat(Formats.readAll(format, 1)).containsExactly(Tuple2.of(1, 2.5), Tuple2.of(2, 3.5));
        assertThatThrownBy(() -> format.includeFields("111"))
                .hasMessageContaining("selects 3 columns")
                .hasMessageContaining("has 2 fields");
    }

    @Test
    void recordsAndPojos() throws IOException {
        String path = file("people.csv", "1,Ann,9.5\n2,\"Bob \"\"B\"\"\",7\n");
        assertThat(Formats.readAll(CsvInputFormat.forRecords(path, Person.class), 1))
                .containsExactly(new Person(1, "Ann", 9.5), new Person(2, "Bob \"B\"", 7));

        String accounts = file("accounts.csv", "true,42,Ann\nfalse,43,Bob\n");
        CsvInputFormat<Account> pojos = CsvInputFormat.forPojos(accounts, Account.class, "active", "number", "owner");
        List<Account> read = Formats.readAll(pojos, 1);
        assertThat(read).extracting(a -> a.number + "/" + a.owner + "/" + a.active).containsExactly("42/Ann/true", "43/Bob/false");
        assertThat(pojos.getProducedType()).isEqualTo(Types.POJO(Account.class));
        assertThatThrownBy(() -> CsvInputFormat.forPojos(accounts, Account.class, "nope"))
                .hasMessageContaining("no field 'nope'").hasMessageContaining("owner");
    }

    @Test
    void manySplitsReadEveryRowOnce() throws IOException {
        StringBuilder text = new StringBuilder("id,name\n");
        for (int i = 0; i < 20_000; i++) {
            text.append(i).append(",\"name, ").append(i).append("\"\n");
        }
        String path = file("many.csv", text.toString());
        CsvInputFormat<Tuple2<Integer, String>> format =
                CsvInputFormat.<Tuple2<Integer, String>>forTuples(path, Integer.class, String.class).ignoreFirstLine();
        List<Tuple2<Integer, String>> rows = Formats.readAll(format, 9);
        assertThat(rows).hasSize(20_000);
        for (int i = 0; i < rows.size(); i++) {
            assertThat(rows.get(i)).isEqualTo(Tuple2.of(i, "name, " + i));
        }
    }

    private CsvInputFormat<Tuple4<Integer, String, Double, Integer>> fourFields(String path) {
        return CsvInputFormat.forTuples(path, Integer.class, String.class, Double.class, Integer.class);
    }

    @Test
    void wrongFieldCountNamesFileLineAndText() throws IOException {
        String path = file("count.csv", "1,a,2.0,3\n2,b,4.0\n");
        assertThatThrownBy(() -> Formats.readAll(fourFields(path), 1))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("count.csv:2: too few fields: 3 (expected: 4 separated by ',')")
                .hasMessageContaining("\"2,b,4.0\"")
                .hasMessageContaining("ignoreInvalidLines()");
        String more = file("more.csv", "1,a,2.0,3,extra\n");
        assertThatThrownBy(() -> Formats.readAll(fourFields(more), 1))
                .hasMessageContaining("more.csv:1: too many fields (expected: 4 separated by ',') in field 5");
    }

    @Test
    void unparseableNumberNamesFieldAndText() throws IOException {
        String path = file("num.csv", "1,a,2.0,3\n2,b,4.0x,3\n");
        assertThatThrownBy(() -> Formats.readAll(fourFields(path), 1))
                .hasMessageContaining("num.csv:2: not a number (expected: double) in field 3: \"4.0x\"");
        String big = file("big.csv", "99999999999,a,1,1\n");
        assertThatThrownBy(() -> Formats.readAll(fourFields(big), 1))
                .hasMessageContaining("big.csv:1: out of range for int (expected: -2147483648..2147483647) in field 1: \"99999999999\"");
        String empty = file("empty.csv", "1,a,,1\n");
        assertThatThrownBy(() -> Formats.readAll(fourFields(empty), 1))
                .hasMessageContaining("empty.csv:1: empty value (expected: double) in field 3");
    }

    @Test
    void unterminatedQuoteAndTextAfterQuote() throws IOException {
        String path = file("quote.csv", "1,\"open,2.0,3\n");
        assertThatThrownBy(() -> Formats.readAll(fourFields(path), 1))
                .hasMessageContaining("quote.csv:1: unterminated quote in field 2: \"\"open,2.0,3\"");
        String after = file("after.csv", "1,\"x\"y,2.0,3\n");
        assertThatThrownBy(() -> Formats.readAll(fourFields(after), 1))
                .hasMessageContaining("after.csv:1: text after the closing quote in field 2");
    }

    @Test
    void invalidUtf8InAStringField() throws IOException {
        Path p = dir.resolve("utf.csv");
        Files.write(p, new byte[] {'1', ',', 'a', (byte) 0xE2, (byte) 0x82, ',', '1', ',', '2', '\n'});
        assertThatThrownBy(() -> Formats.readAll(fourFields(p.toString()), 1))
                .hasMessageContaining("utf.csv:1: invalid UTF-8 at byte 2 in field 2");
    }

    @Test
    void ignoreInvalidLinesSkipsAndCounts() throws IOException {
        String path = file("mixed.csv", "1,a,1.0,1\nbad\n2,b,x,2\n3,\"c,3.0,3\n4,d,4.0,4\n");
        CsvInputFormat<Tuple4<Integer, String, Double, Integer>> format = fourFields(path).ignoreInvalidLines();
        FormatTestContext context = new FormatTestContext("people", 0);
        format.setRuntimeContext(context);
        List<Tuple4<Integer, String, Double, Integer>> rows = Formats.readAll(format, 1);
        assertThat(rows).extracting(t -> t.f0).containsExactly(1, 4);
        assertThat(context.getLongCounter("people.invalid-lines").get()).isEqualTo(3);
        assertThat(format.getInvalidLineCount()).isEqualTo(3);
    }

    @Test
    void formatsTravelSerializedWithTheJob() throws Exception {
        String accounts = file("ser.csv", "#skip\n1;\"Ann\";true\n");
        CsvInputFormat<Account> pojos = CsvInputFormat.forPojos(accounts, Account.class, "number", "owner", "active")
                .fieldDelimiter(";").ignoreComments("#").ignoreInvalidLines();
        CsvInputFormat<Account> copy = roundTrip(pojos);
        Account a = Formats.readAll(copy, 1).get(0);
        assertThat(a.number + "/" + a.owner + "/" + a.active).isEqualTo("1/Ann/true");
        String people = file("ser2.csv", "3,Cy,1.5\n");
        assertThat(Formats.readAll(roundTrip(CsvInputFormat.forRecords(people, Person.class)), 1))
                .containsExactly(new Person(3, "Cy", 1.5));
    }

    @SuppressWarnings("unchecked")
    private static <T> T roundTrip(T object) throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject(object);
        }
        try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) in.readObject();
        }
    }

    @Test
    void unsupportedTypeIsRejectedAtPlanTime() {
        assertThatThrownBy(() -> CsvInputFormat.forTuples("x.csv", Object.class))
                .hasMessageContaining("java.lang.Object is not supported")
                .hasMessageContaining("map()");
    }
}
