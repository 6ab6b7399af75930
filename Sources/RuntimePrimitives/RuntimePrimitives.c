#include "RuntimePrimitives.h"

_Thread_local void *_Nullable composable_runtime_context = 0;
_Thread_local void *_Nullable composable_runtime_state_reads = 0;
