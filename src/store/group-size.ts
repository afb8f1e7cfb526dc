// The most writes one transaction of grouped requests holds (src/speed/group-commit.ts): enough to share a
// commit among every connection of a busy instance, few enough that a transaction stays short. The store
// keeps a statement compiled for every size of group up to it (repositories/compiled-rows.ts).
export const maxGroupSize = 64;
