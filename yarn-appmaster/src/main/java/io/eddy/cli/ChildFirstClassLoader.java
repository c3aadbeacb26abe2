package io.eddy.cli;

import java.net.URL;
import java.net.URLClassLoader;

/**
 * Loads a job jar's classes before the CLI's own, so a job may bring other versions of libraries
 * than Eddy's class path has. Eddy's framework packages and the JDK always come from the parent: the
 * job and the runtime must share their types (functions, {@code JobGraph}, executors), and logging
 * must stay configured once. The YARN client ({@code io.eddy.yarn}) comes from the parent too, so a
 * job jar built for {@code yarn jar} (holding Eddy) runs with {@code eddy run} on the CLI's
 * executors. Other {@code io.eddy} packages (the examples, a user's own) are job
 * classes like any other.
 */
final class ChildFirstClassLoader extends URLClassLoader {

    static {
        ClassLoader.registerAsParallelCapable();
    }

    private static final String[] PARENT_FIRST = {"java.", "javax.", "jdk.", "sun.", "org.slf4j.", "org.apache.logging.log4j.",
        "io.eddy.api.", "io.eddy.configuration.", "io.eddy.core.", "io.eddy.executor.", "io.eddy.jobgraph.",
        "io.eddy.streaming.", "io.eddy.optimizer.", "io.eddy.util.", "io.eddy.runtime.", "io.eddy.master.", "io.eddy.cli.",
        "io.eddy.yarn."};

    ChildFirstClassLoader(URL[] urls, ClassLoader parent) {
        super("eddy-job", urls, parent);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                if (isParentFirst(name)) {
                    c = getParent().loadClass(name);
                } else {
                    try {
                        c = findClass(name);
                    } catch (ClassNotFoundException e) {
                        c = getParent().loadClass(name);
                    }
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    @Override
    public URL getResource(String name) {
        URL own = findResource(name);
        return own != null ? own : super.getResource(name);
    }

    static boolean isParentFirst(String className) {
        for (String prefix : PARENT_FIRST) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
