// The animal an event is about, read from its data: a pet event's resource is the pet, and an order's or an
// application's names its pet.
export function petIdOfEvent(type: string, data: object): number | null {
  const fields = data as { id?: unknown; petId?: unknown };
  const id = type.startsWith('pet.') ? fields.id : fields.petId;
  return typeof id === 'number' ? id : null;
}
