// How many items one page of a listing holds: the same for pets, orders and events.

export const defaultPageSize = 20;
export const maxPageSize = 100;
