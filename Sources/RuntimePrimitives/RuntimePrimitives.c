#include "RuntimePrimitives.h"

_Thread_local void *_Nullable composable_runtime_context = 0;
_Thread_local void *_Nullable composable_runtime_state_reads = 0;
_Thread_local void *_Nullable composable_runtime_box_scope = 0;

// NB: The runtime's entry points, as its HeapObject.h declares them: `swift_allocBox` takes and
// returns in the Swift calling convention (a box and its value, in two registers).
typedef struct {
  void *_Nonnull box;
  void *_Nonnull value;
} BoxPair;

extern __attribute__((swiftcall)) BoxPair swift_allocBox(const void *_Nonnull type);
extern void *_Nonnull swift_projectBox(void *_Nonnull box);
extern void swift_deallocBox(void *_Nonnull box);

void *_Nonnull composable_runtime_box_alloc(const void *_Nonnull type, void *_Nullable *_Nonnull value) {
  BoxPair pair = swift_allocBox(type);
  *value = pair.value;
  return pair.box;
}

void *_Nonnull composable_runtime_box_project(void *_Nonnull box) {
  return swift_projectBox(box);
}

void composable_runtime_box_dealloc(void *_Nonnull box) {
  swift_deallocBox(box);
}
