package io.eddy.hadoop.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The distributed cache of a job on the embedded cluster: real files, links and archives in temporary folders. */
class JobCacheTest {

    @TempDir
    Path dir;

    private JobConf job() {
        JobConf job = new JobConf(false);
        job.set("fs.defaultFS", "file:///");
        return job;
    }

    @Test
    void filesAndArchivesAreLinkedByTheirNamesAndTheLinksGoWhenTheJobEnds() throws IOException {
        Path work = Files.createDirectories(dir.resolve("work"));
        Path points = Files.writeString(dir.resolve("split-points.bin"), "a b c");
        Path plain = Files.writeString(dir.resolve("stopwords.txt"), "the\nof\n");
        Path archive = dir.resolve("dictionary.zip");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(archive))) {
            zip.putNextEntry(new ZipEntry("words/en.txt"));
            zip.write("hello\n".getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        JobConf job = job();
        job.setStrings(MRJobConfig.CACHE_FILES, points.toUri() + "#_partition.lst", plain.toUri().toString());
        job.setStrings(MRJobConfig.CACHE_ARCHIVES, archive.toUri() + "#dict");

        JobCache cache = JobCache.localize(job, new JobID("test", 1), work, dir.resolve("cache"));
        assertThat(work.resolve("_partition.lst")).isSymbolicLink().hasContent("a b c");
        assertThat(work.resolve("stopwords.txt")).isSymbolicLink().hasContent("the\nof");
        assertThat(work.resolve("dict").resolve("words").resolve("en.txt")).hasContent("hello");
        assertThat(job.getStrings(MRJobConfig.CACHE_LOCALFILES)).containsExactly(points.toString(), plain.toString());
        assertThat(job.getStrings(MRJobConfig.CACHE_LOCALARCHIVES)).hasSize(1);

        cache.close();
        assertThat(work).isEmptyDirectory();
        assertThat(dir.resolve("cache").resolve(new JobID("test", 1).toString())).doesNotExist();
        assertThat(points).hasContent("a b c");
    }

    @Test
    void aNameTakenByAFileIsRefusedNamingItAndNothingIsLeftLinked() throws IOException {
        Path work = Files.createDirectories(dir.resolve("work"));
        Path first = Files.writeString(dir.resolve("first.txt"), "1");
        Path second = Files.writeString(dir.resolve("second.txt"), "2");
        Files.writeString(work.resolve("taken"), "the user's own file");
        JobConf job = job();
        job.setStrings(MRJobConfig.CACHE_FILES, first.toUri() + "#one", second.toUri() + "#taken");

        assertThatThrownBy(() -> JobCache.localize(job, new JobID("test", 2), work, dir.resolve("cache")))
                .isInstanceOf(IOException.class).hasMessageContaining("taken").hasMessageContaining("already has a file");
        assertThat(work.resolve("taken")).hasContent("the user's own file");
        assertThat(work.resolve("one")).doesNotExist();
    }

    @Test
    void anArchiveOfAnUnknownKindIsRefusedNamingIt() throws IOException {
        Path work = Files.createDirectories(dir.resolve("work"));
        Path odd = dir.resolve("data.rar");
        try (OutputStream out = Files.newOutputStream(odd)) {
            out.write(new byte[] {1, 2, 3});
        }
        JobConf job = job();
        job.setStrings(MRJobConfig.CACHE_ARCHIVES, odd.toUri().toString());
        assertThatThrownBy(() -> JobCache.localize(job, new JobID("test", 3), work, dir.resolve("cache")))
                .isInstanceOf(IOException.class).hasMessageContaining("data.rar").hasMessageContaining("cannot unpack");
    }
}
