/*
 * jomp's native calls through JNI (jomp.runtime.ffi.JniCalls; docs/design/abi.md § Native calls).
 * The same two calls as the universal downcall handles that capture errno: fn gets up to eight
 * integers and eight doubles, all variadic after the first (so al is 8, as a variadic callee
 * wants, and each value is where a non-variadic callee looks for it), and errno is stored at
 * capture after the call. FFM needs tens of milliseconds to make a downcall handle the first time
 * in a process, JNI a library's load: this is what a program's first native calls take.
 * jomp's build (linker-wrapper's StartCache) compiles it into the start cache with the system's cc.
 */
#include <dlfcn.h>
#include <errno.h>
#include <jni.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

typedef jlong (*long_fn)(jlong, ...);
typedef jdouble (*double_fn)(jlong, ...);

#define PARAMS                                                                                       \
    jlong fn, jlong capture, jlong a0, jlong a1, jlong a2, jlong a3, jlong a4, jlong a5, jlong a6,  \
        jlong a7, jdouble d0, jdouble d1, jdouble d2, jdouble d3, jdouble d4, jdouble d5,           \
        jdouble d6, jdouble d7
#define ARGS a0, a1, a2, a3, a4, a5, a6, a7, d0, d1, d2, d3, d4, d5, d6, d7

JNIEXPORT jlong JNICALL Java_jomp_runtime_ffi_JniCalls_captureLong0(JNIEnv *env, jclass c, PARAMS) {
    jlong r = ((long_fn)(intptr_t)fn)(ARGS);
    *(int *)(intptr_t)capture = errno;
    return r;
}

JNIEXPORT jdouble JNICALL Java_jomp_runtime_ffi_JniCalls_captureDouble0(JNIEnv *env, jclass c, PARAMS) {
    jdouble r = ((double_fn)(intptr_t)fn)(ARGS);
    *(int *)(intptr_t)capture = errno;
    return r;
}

/*
 * The address of a symbol of glibc's libraries, as FFM's default lookup finds it (libc, then libm,
 * then libdl), or 0.
 */
JNIEXPORT jlong JNICALL Java_jomp_runtime_ffi_JniCalls_lookup0(JNIEnv *env, jclass c, jstring name) {
    static const char *const libs[] = {"libc.so.6", "libm.so.6", "libdl.so.2"};
    const char *n = (*env)->GetStringUTFChars(env, name, NULL);
    void *found = NULL;
    if (n == NULL) return 0; /* OutOfMemoryError pending */
    for (unsigned i = 0; i < sizeof libs / sizeof libs[0] && found == NULL; i++) {
        void *h = dlopen(libs[i], RTLD_LAZY); /* loaded already: the JVM's own; this only counts a reference */
        if (h != NULL) found = dlsym(h, n);
    }
    (*env)->ReleaseStringUTFChars(env, name, n);
    return (jlong)(intptr_t)found;
}

/*
 * The resolver's target (jomp.runtime.mem.Functions: native code calls a jomp function through
 * its trampoline, whose first call asks Functions.resolve(index) where to jump). A JNI upcall in
 * place of an FFM upcall stub, which costs tens of milliseconds to make: a program that never
 * lets native code call it back pays nothing. A thread the JVM does not know (one native code
 * started) is attached, as a daemon, and detached when it ends.
 */
static JavaVM *vm;
static jclass functions;
static jmethodID resolve;
static pthread_key_t attached;

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *v, void *reserved) {
    vm = v;
    return JNI_VERSION_1_8;
}

static void detach(void *v) {
    (*(JavaVM *)v)->DetachCurrentThread((JavaVM *)v);
}

static jlong resolve_upcall(jlong index) {
    JNIEnv *env;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK) {
        if ((*vm)->AttachCurrentThreadAsDaemon(vm, (void **)&env, NULL) != JNI_OK) abort();
        pthread_setspecific(attached, vm);
    }
    jlong r = (*env)->CallStaticLongMethod(env, functions, resolve, index);
    if ((*env)->ExceptionCheck(env)) { /* as an FFM upcall stub ends on an uncaught exception */
        (*env)->ExceptionDescribe(env);
        abort();
    }
    return r;
}

/* The resolver's target, calling fclass.resolve(long) long; 0 when it cannot be made. */
JNIEXPORT jlong JNICALL Java_jomp_runtime_ffi_JniCalls_resolver0(JNIEnv *env, jclass c, jclass fclass) {
    functions = (*env)->NewGlobalRef(env, fclass);
    resolve = (*env)->GetStaticMethodID(env, fclass, "resolve", "(J)J");
    if (functions == NULL || resolve == NULL || pthread_key_create(&attached, detach) != 0) {
        (*env)->ExceptionClear(env);
        return 0;
    }
    return (jlong)(intptr_t)&resolve_upcall;
}

/* which source the library was built from: JniCalls takes only its own */
JNIEXPORT jint JNICALL Java_jomp_runtime_ffi_JniCalls_version(JNIEnv *env, jclass c) {
    return 2;
}
