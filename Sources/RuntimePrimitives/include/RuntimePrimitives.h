#ifndef RUNTIME_PRIMITIVES_H
#define RUNTIME_PRIMITIVES_H

// What the runtime's hook sites need below Swift: a thread-local slot, which Swift has no
// spelling for. `pthread_getspecific`/`pthread_setspecific` cost a call and a lookup each; a
// `_Thread_local` variable is one load or store from the thread pointer once linked.

/// The instrumentation context of the observed store sending on this thread, or NULL.
extern _Thread_local void *_Nullable composable_runtime_context;

/// This thread's instrumentation context.
static inline void *_Nullable composable_runtime_context_get(void) {
  return composable_runtime_context;
}

/// Replaces this thread's instrumentation context and returns the one it replaced.
static inline void *_Nullable composable_runtime_context_exchange(void *_Nullable context) {
  void *previous = composable_runtime_context;
  composable_runtime_context = context;
  return previous;
}

/// Puts back this thread's instrumentation context.
static inline void composable_runtime_context_set(void *_Nullable context) {
  composable_runtime_context = context;
}

/// The log of state reads being taken on this thread (a `StateReadLog`), or NULL when no
/// recorder asks for reads. Every tracked property access of an `@ObservableState` type loads it.
extern _Thread_local void *_Nullable composable_runtime_state_reads;

/// This thread's state-read log.
static inline void *_Nullable composable_runtime_state_reads_get(void) {
  return composable_runtime_state_reads;
}

/// Replaces this thread's state-read log and returns the one it replaced.
static inline void *_Nullable composable_runtime_state_reads_exchange(void *_Nullable log) {
  void *previous = composable_runtime_state_reads;
  composable_runtime_state_reads = log;
  return previous;
}

/// The `Shared(value:)` boxes met so far by the trace coding of the value being encoded or
/// decoded on this thread (a `_SharedBoxScope`), or NULL outside one.
extern _Thread_local void *_Nullable composable_runtime_box_scope;

/// Replaces this thread's box scope and returns the one it replaced.
static inline void *_Nullable composable_runtime_box_scope_exchange(void *_Nullable scope) {
  void *previous = composable_runtime_box_scope;
  composable_runtime_box_scope = scope;
  return previous;
}

/// This thread's box scope.
static inline void *_Nullable composable_runtime_box_scope_get(void) {
  return composable_runtime_box_scope;
}

// The Swift runtime's boxes, which hold an `indirect` enum case's payload (how the trace coding
// reads and makes such a case): a new box for a type, its value not yet initialized; the value
// in a box; and freeing a box whose value was never made.

/// A new box for a value of the type whose metadata is `type`; its value's address in `value`.
void *_Nonnull composable_runtime_box_alloc(const void *_Nonnull type, void *_Nullable *_Nonnull value);

/// The address of the value in `box`.
void *_Nonnull composable_runtime_box_project(void *_Nonnull box);

/// Frees `box`, whose value is not initialized.
void composable_runtime_box_dealloc(void *_Nonnull box);

#endif
