package io.eddy.hadoop;

/**
 * What a Hadoop output format's Eddy sink ({@code HadoopOutputFormat} of either API) does in each
 * task attempt it opens. The job-wide calls (output check, {@code setupJob}, {@code commitJob},
 * {@code abortJob}) are the same in every role.
 */
public enum TaskOutputRole {
    /** The attempt writes the records it is given: {@code setupTask}, a record writer, {@code commitTask}. */
    WRITER,
    /**
     * The attempt writes no records of its own but commits what the task wrote beside them into its
     * work folder ({@code MultipleOutputs} of a map task of a job with reducers): {@code setupTask},
     * then {@code commitTask} if the committer needs it.
     */
    SIDE_FILES,
    /** No task attempts: the sink of a job whose map tasks write the output themselves, for the job-wide calls only. */
    JOB
}
