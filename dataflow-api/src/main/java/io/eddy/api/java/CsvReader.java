package io.eddy.api.java;

import io.eddy.api.common.io.csv.CsvInputFormat;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.functions.TupleSubclassMapper;
import io.eddy.api.java.tuple.Tuple;
import io.eddy.api.java.tuple.Tuple1;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.api.java.tuple.Tuple4;
import io.eddy.api.java.tuple.Tuple5;
import java.util.Objects;

/**
 * Configures a CSV source ({@code env.readCsvFile(path)}) and creates it with the record type:
 * {@code types(...)} for tuples, {@link #tupleType} for tuple subclasses, {@link #pojoType} for
 * POJOs, {@link #recordType} for Java records.
 *
 * <pre>{@code
 * DataSource<Tuple2<String, Integer>> people = env.readCsvFile("hdfs:///in/people.csv")
 *     .fieldDelimiter(";").ignoreFirstLine().ignoreComments("#")
 *     .types(String.class, Integer.class);
 * }</pre>
 *
 * <p>Defaults: fields separated by {@code ","}, lines by {@code "\n"} (also {@code "\r\n"}), all
 * columns read, quotes not interpreted (call {@link #parseQuotedStrings(char)}), a bad line fails
 * the job naming file and line (unless {@link #ignoreInvalidLines()}). The syntax is that of
 * {@link CsvInputFormat}. Settings are checked when the source is created.
 */
public final class CsvReader {

    private final String path;
    private final ExecutionEnvironment environment;
    private String fieldDelimiter = ",";
    private String lineDelimiter;
    private boolean[] includedMask;
    private String includedMaskString;
    private boolean skipFirstLine;
    private String commentPrefix;
    private Character quoteCharacter;
    private boolean ignoreInvalidLines;

    CsvReader(String path, ExecutionEnvironment environment) {
        this.path = path;
        this.environment = environment;
    }

    /** The string between fields (default {@code ","}). */
    public CsvReader fieldDelimiter(String delimiter) {
        this.fieldDelimiter = Objects.requireNonNull(delimiter, "fieldDelimiter");
        return this;
    }

    public CsvReader fieldDelimiter(char delimiter) {
        return fieldDelimiter(String.valueOf(delimiter));
    }

    /** The string between lines (default {@code "\n"}, which also accepts {@code "\r\n"}). */
    public CsvReader lineDelimiter(String delimiter) {
        this.lineDelimiter = Objects.requireNonNull(delimiter, "lineDelimiter");
        return this;
    }

    /** Reads column {@code i} only if {@code mask[i]}; later columns are ignored. */
    public CsvReader includeFields(boolean... mask) {
        this.includedMask = mask.clone();
        this.includedMaskString = null;
        return this;
    }

    /** Reads the columns marked {@code '1'} (or {@code 'T'}) in {@code mask}, e.g. {@code "1011"}. */
    public CsvReader includeFields(String mask) {
        this.includedMaskString = Objects.requireNonNull(mask, "includeFields: mask");
        this.includedMask = null;
        return this;
    }

    /** Skips each file's first line (a header). */
    public CsvReader ignoreFirstLine() {
        this.skipFirstLine = true;
        return this;
    }

    /** Skips lines starting with {@code prefix}. */
    public CsvReader ignoreComments(String prefix) {
        this.commentPrefix = Objects.requireNonNull(prefix, "ignoreComments: prefix");
        return this;
    }

    /** Interprets fields starting with {@code quote} as quoted (delimiters inside are text, a doubled quote is one quote). */
    public CsvReader parseQuotedStrings(char quote) {
        this.quoteCharacter = quote;
        return this;
    }

    /** Skips (and counts) lines that do not parse instead of failing the job. */
    public CsvReader ignoreInvalidLines() {
        this.ignoreInvalidLines = true;
        return this;
    }

    // ---- record types -------------------------------------------------------------------------

    public <T0> DataSource<Tuple1<T0>> types(Class<T0> type0) {
        return tuples(type0);
    }

    public <T0, T1> DataSource<Tuple2<T0, T1>> types(Class<T0> type0, Class<T1> type1) {
        return tuples(type0, type1);
    }

    public <T0, T1, T2> DataSource<Tuple3<T0, T1, T2>> types(Class<T0> type0, Class<T1> type1, Class<T2> type2) {
        return tuples(type0, type1, type2);
    }

    public <T0, T1, T2, T3> DataSource<Tuple4<T0, T1, T2, T3>> types(Class<T0> type0, Class<T1> type1, Class<T2> type2, Class<T3> type3) {
        return tuples(type0, type1, type2, type3);
    }

    public <T0, T1, T2, T3, T4> DataSource<Tuple5<T0, T1, T2, T3, T4>> types(Class<T0> type0, Class<T1> type1, Class<T2> type2,
            Class<T3> type3, Class<T4> type4) {
        return tuples(type0, type1, type2, type3, type4);
    }

    /**
     * Tuples of any arity up to 25 whose field {@code i} has type {@code fieldTypes[i]}; the
     * type-safe {@code types(...)} overloads cover up to five fields.
     */
    public <T extends Tuple> DataSource<T> tupleOf(Class<?>... fieldTypes) {
        return tuples(fieldTypes);
    }

    private <T extends Tuple> DataSource<T> tuples(Class<?>... fieldTypes) {
        return create(CsvInputFormat.<T>forTuples(path, fieldTypes));
    }

    /**
     * Instances of a tuple subclass that binds its field types ({@code class Person extends
     * Tuple2<String, Integer>}): the CSV source reads standard tuples, and a map ("Convert to
     * Person", forwarding all fields) copies them into the subclass.
     *
     * @throws IllegalArgumentException if {@code tupleClass} is not such a subclass
     */
    public <T extends Tuple> DataSet<T> tupleType(Class<T> tupleClass) {
        Objects.requireNonNull(tupleClass, "tupleType: tupleClass");
        TypeInfo<T> type;
        try {
            type = TypeInfo.of(tupleClass);
        } catch (InvalidTypesException e) {
            throw new IllegalArgumentException("tupleType(" + tupleClass.getName() + "): " + e.getMessage()
                    + " (expected: a subclass of a TupleN that binds all its field types; or use types(...))", e);
        }
        if (!(type instanceof TupleTypeInfo<?> tupleType)) {
            throw new IllegalArgumentException("tupleType(" + tupleClass.getName() + "): not a tuple type but " + type
                    + " (expected: a subclass of a TupleN that binds all its field types; or use types(...))");
        }
        Class<?>[] fieldClasses = new Class<?>[tupleType.getArity()];
        for (int i = 0; i < fieldClasses.length; i++) {
            fieldClasses[i] = tupleType.getTypeAt(i).getTypeClass();
        }
        DataSource<Tuple> source = tuples(fieldClasses);
        return source.map(new TupleSubclassMapper<>(type.createSerializer(environment.getConfig())))
                .returns(type).name("Convert to " + tupleClass.getSimpleName()).withForwardedFields("*");
    }

    /** POJOs of {@code pojoClass}: the i-th read column sets the field {@code fields[i]}. */
    public <T> DataSource<T> pojoType(Class<T> pojoClass, String... fields) {
        Objects.requireNonNull(pojoClass, "pojoType: pojoClass");
        if (fields.length == 0) {
            throw new IllegalArgumentException("pojoType(" + pojoClass.getName() + "): no field names given (expected: the POJO field"
                    + " set by each read column, in column order)");
        }
        return create(CsvInputFormat.forPojos(path, pojoClass, fields));
    }

    /** Java records of {@code recordClass}: one column per component, in declaration order. */
    public <T> DataSource<T> recordType(Class<T> recordClass) {
        return create(CsvInputFormat.forRecords(path, Objects.requireNonNull(recordClass, "recordType: recordClass")));
    }

    private <T> DataSource<T> create(CsvInputFormat<T> format) {
        format.fieldDelimiter(fieldDelimiter);
        if (lineDelimiter != null) {
            format.lineDelimiter(lineDelimiter);
        }
        if (includedMask != null) {
            format.includeFields(includedMask);
        } else if (includedMaskString != null) {
            format.includeFields(includedMaskString);
        }
        if (skipFirstLine) {
            format.ignoreFirstLine();
        }
        if (commentPrefix != null) {
            format.ignoreComments(commentPrefix);
        }
        if (quoteCharacter != null) {
            format.quoteCharacter(quoteCharacter);
        } else {
            format.disableQuoting();
        }
        if (ignoreInvalidLines) {
            format.ignoreInvalidLines();
        }
        return new DataSource<>(environment, format, format.getProducedType(), "CSV Source: " + path, false);
    }
}
