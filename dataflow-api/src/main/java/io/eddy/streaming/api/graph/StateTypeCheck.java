package io.eddy.streaming.api.graph;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.state.Checkpointed;
import io.eddy.api.common.state.MapStateDescriptor;
import io.eddy.api.common.state.StateDescriptor;
import io.eddy.api.common.typeinfo.GenericTypeInfo;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Checks that the state of a program's functions can be serialized, so that a state type a
 * checkpoint could never write fails when the plan is built, naming the state and the operator,
 * and not at the first checkpoint (or at the first restore) of a running job.
 *
 * <p>At plan time ({@link #check(StreamGraph, SerializerConfig)}), each operator's user function is
 * scanned: its fields (and those of its superclasses), and the fields of the functions it holds
 * (wrapped or nested functions), for {@link StateDescriptor} instances; the {@code Checkpointed}
 * state type of every such function. Descriptors created later, in {@code open()}, are checked when
 * the state is registered, by the state backends through {@link #stateSerializer} with the same
 * message.
 *
 * <p>A state type cannot be serialized when its {@link TypeInfo} cannot create a serializer, or
 * when it is a type that stands for a live resource (a thread, a stream, a socket or channel, a
 * database connection, an executor, a class loader): Kryo would accept such a type at plan time
 * and fail, or write something meaningless, at the first checkpoint.
 */
public final class StateTypeCheck {

    /** Types whose values are live resources, never state. */
    private static final List<Class<?>> RESOURCE_TYPES = List.of(Thread.class, java.io.InputStream.class, java.io.OutputStream.class,
            java.io.Reader.class, java.io.Writer.class, java.net.Socket.class, java.net.ServerSocket.class,
            java.nio.channels.Channel.class, java.sql.Connection.class, java.util.concurrent.ExecutorService.class, ClassLoader.class);

    private StateTypeCheck() {}

    /**
     * Checks the state declared in fields of the user functions of {@code graph}.
     *
     * @throws IllegalArgumentException naming the state, the function, the operator and what to do, for the first state found
     *     whose type cannot be serialized
     */
    public static void check(StreamGraph graph, SerializerConfig config) {
        for (StreamNode node : graph.getNodes()) {
            Function function = node.getUserFunction();
            if (function != null) {
                checkFunction(function, node.getName(), config, Collections.newSetFromMap(new IdentityHashMap<>()));
            }
        }
    }

    /**
     * The serializer of a state's values (for a map state: of its values; the keys are checked too),
     * for a state registered at run time.
     *
     * @throws IllegalStateException naming the state, the operator and what to do if the type cannot be serialized
     */
    public static <T> TypeSerializer<T> stateSerializer(StateDescriptor<T> descriptor, String operatorName, SerializerConfig config) {
        String problem = problemOf(descriptor, config);
        if (problem != null) {
            throw new IllegalStateException(message(descriptor, "", operatorName, problem));
        }
        return descriptor.getTypeInfo().createSerializer(config);
    }

    private static void checkFunction(Object function, String operatorName, SerializerConfig config, Set<Object> seen) {
        if (!seen.add(function)) {
            return;
        }
        if (function instanceof Checkpointed<?> checkpointed) {
            checkCheckpointed(checkpointed, operatorName, config);
        }
        for (Class<?> c = function.getClass(); c != null && !isPlatform(c); c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) || field.getType().isPrimitive()) {
                    continue;
                }
                Object value = read(field, function);
                if (value instanceof StateDescriptor<?> descriptor) {
                    String problem = problemOf(descriptor, config);
                    if (problem != null) {
                        throw new IllegalArgumentException(message(descriptor, " (field '" + field.getName() + "' of "
                                + function.getClass().getName() + ")", operatorName, problem));
                    }
                } else if (value instanceof Function nested) {
                    checkFunction(nested, operatorName, config, seen);
                }
            }
        }
    }

    private static void checkCheckpointed(Checkpointed<?> function, String operatorName, SerializerConfig config) {
        String what = "The state of Checkpointed function " + function.getClass().getName() + " in operator '" + operatorName + "'";
        String problem;
        try {
            TypeInfo<?> type = function.stateType();
            if (type == null) {
                type = TypeExtractor.createTypeInfoFromSubclass(function.getClass(), Checkpointed.class, 0, what);
            }
            problem = problemOf(type, config);
        } catch (RuntimeException e) {
            problem = e.getMessage();
        }
        if (problem != null) {
            throw new IllegalArgumentException(what + " cannot be serialized: " + problem + ". Implement Checkpointed with a concrete"
                    + " type argument Eddy can serialize, or override stateType() to return its TypeInfo");
        }
    }

    /** Why the descriptor's types cannot be serialized, or null if they can. */
    private static String problemOf(StateDescriptor<?> descriptor, SerializerConfig config) {
        if (descriptor instanceof MapStateDescriptor<?, ?> map) {
            String keys = problemOf(map.getKeyTypeInfo(), config);
            if (keys != null) {
                return "its map keys: " + keys;
            }
        }
        return problemOf(descriptor.getTypeInfo(), config);
    }

    private static String problemOf(TypeInfo<?> type, SerializerConfig config) {
        if (type instanceof GenericTypeInfo<?>) {
            for (Class<?> resource : RESOURCE_TYPES) {
                if (resource.isAssignableFrom(type.getTypeClass())) {
                    return "type " + type.getTypeClass().getName() + " is a " + resource.getName() + ", a live resource that no"
                            + " checkpoint can hold";
                }
            }
        }
        try {
            type.createSerializer(config);
            return null;
        } catch (RuntimeException e) {
            return "no serializer can be created for " + type + ": " + e.getMessage();
        }
    }

    private static String message(StateDescriptor<?> descriptor, String where, String operatorName, String problem) {
        return "State '" + descriptor.getName() + "'" + where + " of operator '" + operatorName + "' cannot be serialized: " + problem
                + ". Give the state a type Eddy can serialize (a basic type, tuple, record or POJO of such fields), and keep"
                + " resources (connections, streams, threads) in transient fields opened in open(), not in state";
    }

    private static boolean isPlatform(Class<?> c) {
        String name = c.getName();
        return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.") || name.startsWith("sun.");
    }

    private static Object read(Field field, Object owner) {
        try {
            field.setAccessible(true);
            return field.get(owner);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // a field the module system keeps closed cannot hold a program's state descriptor: nothing to check there
            return null;
        }
    }
}
