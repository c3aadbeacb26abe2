package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.InvalidTypesException;
import java.lang.ref.SoftReference;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.WeakHashMap;

/**
 * The type information modules register: a class's {@link TypeInfoFrom} annotation and the {@link
 * TypeInfoFamily} services. The services are loaded with {@link ServiceLoader} once per class
 * loader and shared by every analysis that runs with that loader; the factories' results are not
 * cached (an analysis asks again).
 */
final class RegisteredTypes {

    static final String SERVICES_FILE = "META-INF/services/" + TypeInfoFamily.class.getName();

    /**
     * The families visible from each class loader. Keys are weak and values soft: a value refers to
     * its loader through the families' classes, so a loader no longer used elsewhere is collected
     * once memory runs short and its entry is cleared. Guarded by itself.
     */
    private static final Map<ClassLoader, SoftReference<List<TypeInfoFamily>>> FAMILIES = new WeakHashMap<>();

    private final List<TypeInfoFamily> families;
    private final ClassLoader loader;

    private RegisteredTypes(List<TypeInfoFamily> families, ClassLoader loader) {
        this.families = families;
        this.loader = loader;
    }

    /** The registrations visible from the thread's context class loader, or from this class's loader if the thread has none. */
    static RegisteredTypes current() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        ClassLoader loader = context != null ? context : RegisteredTypes.class.getClassLoader();
        return new RegisteredTypes(familiesOf(loader), loader);
    }

    /** The families {@code loader} sees, loaded on first use. */
    static List<TypeInfoFamily> familiesOf(ClassLoader loader) {
        synchronized (FAMILIES) {
            SoftReference<List<TypeInfoFamily>> cached = FAMILIES.get(loader);
            List<TypeInfoFamily> families = cached == null ? null : cached.get();
            if (families == null) {
                families = load(loader);
                FAMILIES.put(loader, new SoftReference<>(families));
            }
            return families;
        }
    }

    private static List<TypeInfoFamily> load(ClassLoader loader) {
        List<TypeInfoFamily> families = new ArrayList<>();
        try {
            for (TypeInfoFamily family : ServiceLoader.load(TypeInfoFamily.class, loader)) {
                families.add(family);
            }
        } catch (ServiceConfigurationError e) {
            throw new TypeInfoFactoryException("A TypeInfoFamily listed in a " + SERVICES_FILE + " file on the class path of "
                    + loader + " cannot be loaded: " + e.getMessage() + ". Fix the file or the family class (public, with a public"
                    + " no-argument constructor), or remove the jar holding it from the class path", e);
        }
        return List.copyOf(families);
    }

    /** The type information {@code type}'s {@link TypeInfoFrom} annotation gives, or null if it has none. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static TypeInfo<?> fromAnnotation(Class<?> type, TypeArguments arguments) {
        TypeInfoFrom annotation = type.getDeclaredAnnotation(TypeInfoFrom.class);
        if (annotation == null) {
            return null;
        }
        Class<? extends TypeInfoFactory<?>> factoryClass = annotation.value();
        String factory = "factory " + factoryClass.getName() + " (named by @TypeInfoFrom on " + type.getName() + ")";
        TypeInfoFactory instance;
        try {
            instance = factoryClass.getConstructor().newInstance();
        } catch (InvocationTargetException e) {
            throw new TypeInfoFactoryException("The " + factory + " failed in its constructor: " + e.getCause()
                    + ". Fix the factory's constructor", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new TypeInfoFactoryException("The " + factory + " cannot be instantiated: " + e
                    + ". Make it a public class with a public no-argument constructor", e);
        }
        return create(factory, type, () -> instance.createTypeInfo(type, arguments));
    }

    /** The type information the one family accepting {@code type} gives, or null if no family accepts it. */
    TypeInfo<?> fromFamilies(Class<?> type, TypeArguments arguments) {
        TypeInfoFamily accepting = null;
        for (TypeInfoFamily family : families) {
            boolean accepts;
            try {
                accepts = family.accepts(type);
            } catch (RuntimeException e) {
                throw new TypeInfoFactoryException("TypeInfoFamily " + family.getClass().getName() + " failed in accepts("
                        + type.getName() + "): " + e + ". Fix the family (accepts must not throw), or remove the jar listing it in "
                        + SERVICES_FILE, e);
            }
            if (!accepts) {
                continue;
            }
            if (accepting != null) {
                throw new TypeInfoFactoryException("Class " + type.getName() + " belongs to two type families: both TypeInfoFamily "
                        + accepting.getClass().getName() + " and " + family.getClass().getName() + " accept it (both are listed in "
                        + SERVICES_FILE + " files on the class path of " + loader + "). Annotate " + type.getSimpleName()
                        + " with @TypeInfoFrom to choose its factory, make the families' accepts() exclude each other, or remove"
                        + " one of their jars from the class path");
            }
            accepting = family;
        }
        if (accepting == null) {
            return null;
        }
        TypeInfoFamily family = accepting;
        return create("TypeInfoFamily " + family.getClass().getName(), type, () -> family.createTypeInfo(type, arguments));
    }

    /** Calls a factory and checks its result; an undetermined type argument stays an {@link InvalidTypesException}. */
    private static TypeInfo<?> create(String factory, Class<?> type, java.util.function.Supplier<TypeInfo<?>> call) {
        TypeInfo<?> info;
        try {
            info = call.get();
        } catch (TypeInfoFactoryException e) {
            throw e;
        } catch (InvalidTypesException e) {
            throw new InvalidTypesException("class " + type.getName() + " (type information from " + factory + "): " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new TypeInfoFactoryException("The " + factory + " failed to create the type information of class " + type.getName()
                    + ": " + e + ". Fix the factory; it is asked at plan time, on the client", e);
        }
        if (info == null) {
            throw new TypeInfoFactoryException("The " + factory + " returned null as the type information of class " + type.getName()
                    + " (expected: a TypeInfo; a family that cannot describe the class must not accept it)");
        }
        if (!info.getTypeClass().isAssignableFrom(type)) {
            throw new TypeInfoFactoryException("The " + factory + " returned " + info + " for class " + type.getName()
                    + ", whose values are of class " + info.getTypeClass().getName() + " (expected: type information whose"
                    + " getTypeClass() is " + type.getName() + " or a superclass of it)");
        }
        return info;
    }
}
