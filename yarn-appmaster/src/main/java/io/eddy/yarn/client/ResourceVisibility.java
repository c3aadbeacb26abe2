package io.eddy.yarn.client;

import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsAction;

/**
 * Which shipped files may be localized with {@code PUBLIC} visibility: those every user can read
 * (the file readable by others, every ancestor directory traversable by others), as YARN's own
 * check demands. NodeManagers keep public files in a cache shared by applications and fetch them
 * on their own threads, so the jars of {@code <staging>/dist} are localized once per node rather
 * than once per application; on a cluster whose home directories are private the jars stay
 * {@code APPLICATION} resources. Files of the application's directory (700) never qualify: the
 * secret stays private.
 *
 * <p>Not thread-safe (caches directory checks for one call).
 */
public final class ResourceVisibility {

    private final FileSystem fs;
    private final Map<Path, Boolean> traversable = new HashMap<>();

    private ResourceVisibility(FileSystem fs) {
        this.fs = fs;
    }

    /** The paths of {@code files} that are publicly readable (see the class comment). */
    public static Set<Path> publicFiles(FileSystem fs, List<FileStatus> files) throws IOException {
        ResourceVisibility check = new ResourceVisibility(fs);
        Set<Path> result = new HashSet<>();
        for (FileStatus file : files) {
            if (file.getPermission().getOtherAction().implies(FsAction.READ) && check.traversableByOthers(file.getPath().getParent())) {
                result.add(file.getPath());
            }
        }
        return result;
    }

    private boolean traversableByOthers(Path dir) throws IOException {
        if (dir == null) {
            return true;
        }
        Boolean known = traversable.get(dir);
        if (known != null) {
            return known;
        }
        boolean ok = fs.getFileStatus(dir).getPermission().getOtherAction().implies(FsAction.EXECUTE) && traversableByOthers(dir.getParent());
        traversable.put(dir, ok);
        return ok;
    }
}
