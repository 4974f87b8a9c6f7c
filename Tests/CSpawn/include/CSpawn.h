#ifndef TREATY_CSPAWN_H
#define TREATY_CSPAWN_H

#include <spawn.h>

/// posix_spawn_file_actions_addclosefrom_np (glibc 2.34+): close every descriptor from `low` on.
int treaty_spawn_addclosefrom(posix_spawn_file_actions_t *actions, int low);

/// posix_spawn_file_actions_addchdir_np (glibc 2.29+): change the child's working directory.
int treaty_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *path);

#endif
