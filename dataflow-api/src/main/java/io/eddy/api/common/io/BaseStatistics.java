package io.eddy.api.common.io;

/**
 * What a source knows of its size before it runs: the optimizer's cost model starts from these.
 *
 * @param totalInputSize bytes, or {@link #UNKNOWN}
 * @param numberOfRecords records, or {@link #UNKNOWN}
 * @param averageRecordWidth bytes per record, or {@link #UNKNOWN} (as a float: -1)
 */
public record BaseStatistics(long totalInputSize, long numberOfRecords, float averageRecordWidth) {

    public static final long UNKNOWN = -1;

    public static BaseStatistics unknown() {
        return new BaseStatistics(UNKNOWN, UNKNOWN, UNKNOWN);
    }
}
