package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.InvalidTypesException;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.MethodType;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.Map;

/**
 * Recovers the types of a serializable lambda or method reference: {@code writeReplace} yields a
 * {@link SerializedLambda} naming the implementation method, whose signature javac writes with the
 * erasure of the lambda's concrete types (for {@code s -> s.length()} on strings: {@code
 * (String)Integer}). Type arguments inside parameters (such as the {@code O} of {@code
 * Collector<O>}) are erased and stay unknown.
 */
final class LambdaTypes {

    private LambdaTypes() {
    }

    /** The serialized form of {@code function} if it is a serializable lambda or method reference, else null. */
    static SerializedLambda serializedLambda(Object function) {
        Class<?> c = function.getClass();
        if (!c.isSynthetic() && !c.isHidden()) {
            return null;
        }
        try {
            Method writeReplace = c.getDeclaredMethod("writeReplace");
            writeReplace.setAccessible(true);
            Object replacement = writeReplace.invoke(function);
            return replacement instanceof SerializedLambda lambda ? lambda : null;
        } catch (NoSuchMethodException e) {
            return null;
        } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
            throw new InvalidTypesException("the lambda's implementation cannot be inspected (" + e + ")", e);
        }
    }

    /**
     * Binds the type variables of {@code functionInterface} that appear directly in its single
     * abstract method's parameters or return type to the lambda's concrete types.
     */
    static void bindLambda(SerializedLambda lambda, ClassLoader loader, Class<?> functionInterface,
            Map<TypeVariable<?>, Type> bindings) {
        Method sam = singleAbstractMethod(functionInterface);
        Class<?> implClass = load(lambda.getImplClass().replace('/', '.'), loader);
        Executable impl = findImplementation(implClass, lambda.getImplMethodName(), lambda.getImplMethodSignature());
        int kind = lambda.getImplMethodKind();
        int captured = lambda.getCapturedArgCount();
        Type[] implParams = impl.getGenericParameterTypes();
        Type[] samActuals;
        Type returnType;
        if (kind == MethodHandleInfo.REF_newInvokeSpecial) {
            samActuals = tail(implParams, captured);
            returnType = implClass;
        } else if (kind == MethodHandleInfo.REF_invokeStatic) {
            samActuals = tail(implParams, captured);
            returnType = ((Method) impl).getGenericReturnType();
        } else if (captured > 0) {
            samActuals = tail(implParams, captured - 1);
            returnType = ((Method) impl).getGenericReturnType();
        } else {
            samActuals = new Type[implParams.length + 1];
            samActuals[0] = implClass;
            System.arraycopy(implParams, 0, samActuals, 1, implParams.length);
            returnType = ((Method) impl).getGenericReturnType();
        }
        Type[] samParams = sam.getGenericParameterTypes();
        if (samParams.length == samActuals.length) {
            for (int i = 0; i < samParams.length; i++) {
                match(samParams[i], samActuals[i], bindings);
            }
        }
        if (returnType != void.class) {
            match(sam.getGenericReturnType(), returnType, bindings);
        }
    }

    private static Type[] tail(Type[] types, int from) {
        if (from >= types.length) {
            return new Type[0];
        }
        Type[] result = new Type[types.length - from];
        System.arraycopy(types, from, result, 0, result.length);
        return result;
    }

    /** Binds variables of {@code declared} to the matching parts of {@code actual}; {@code Object} (erasure) binds nothing. */
    private static void match(Type declared, Type actual, Map<TypeVariable<?>, Type> bindings) {
        if (declared instanceof TypeVariable<?> v) {
            if (actual != Object.class && !(actual instanceof TypeVariable<?>)) {
                bindings.putIfAbsent(v, primitiveToBox(actual));
            }
        } else if (declared instanceof ParameterizedType dp && actual instanceof ParameterizedType ap) {
            Type[] d = dp.getActualTypeArguments();
            Type[] a = ap.getActualTypeArguments();
            for (int i = 0; i < d.length && i < a.length; i++) {
                match(d[i], a[i], bindings);
            }
        } else if (declared instanceof GenericArrayType da) {
            if (actual instanceof Class<?> ac && ac.isArray()) {
                match(da.getGenericComponentType(), ac.getComponentType(), bindings);
            } else if (actual instanceof GenericArrayType aa) {
                match(da.getGenericComponentType(), aa.getGenericComponentType(), bindings);
            }
        }
    }

    private static Type primitiveToBox(Type t) {
        if (t instanceof Class<?> c && c.isPrimitive()) {
            return MethodType.methodType(c).wrap().returnType();
        }
        return t;
    }

    static Method singleAbstractMethod(Class<?> functionInterface) {
        Method found = null;
        for (Method m : functionInterface.getMethods()) {
            if (Modifier.isAbstract(m.getModifiers()) && !m.isDefault() && !isObjectMethod(m)) {
                if (found != null) {
                    throw new InvalidTypesException(functionInterface.getName() + " has more than one abstract method,"
                            + " so it cannot be implemented by a lambda");
                }
                found = m;
            }
        }
        if (found == null) {
            throw new InvalidTypesException(functionInterface.getName() + " has no abstract method");
        }
        return found;
    }

    private static boolean isObjectMethod(Method m) {
        try {
            Object.class.getMethod(m.getName(), m.getParameterTypes());
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static Class<?> load(String name, ClassLoader loader) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw new InvalidTypesException("the class " + name + " implementing the lambda cannot be loaded", e);
        }
    }

    private static Executable findImplementation(Class<?> implClass, String name, String descriptor) {
        if (name.equals("<init>")) {
            for (Constructor<?> c : implClass.getDeclaredConstructors()) {
                if (MethodType.methodType(void.class, c.getParameterTypes()).toMethodDescriptorString().equals(descriptor)) {
                    return c;
                }
            }
        } else {
            for (Class<?> k = implClass; k != null; k = k.getSuperclass()) {
                Executable m = findMethod(k, name, descriptor);
                if (m != null) {
                    return m;
                }
            }
            for (Class<?> itf : implClass.getInterfaces()) {
                Executable m = findMethod(itf, name, descriptor);
                if (m != null) {
                    return m;
                }
            }
        }
        throw new InvalidTypesException("the lambda's implementation method " + implClass.getName() + "." + name
                + descriptor + " cannot be found");
    }

    private static Executable findMethod(Class<?> k, String name, String descriptor) {
        for (Method m : k.getDeclaredMethods()) {
            if (m.getName().equals(name)
                    && MethodType.methodType(m.getReturnType(), m.getParameterTypes()).toMethodDescriptorString().equals(descriptor)) {
                return m;
            }
        }
        return null;
    }
}
