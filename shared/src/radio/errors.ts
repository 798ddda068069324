import { DomainError } from "../errors/domain-error.ts";

export const radioErrorCodes = ["RADIO_STATION_NOT_FOUND", "RADIO_STATION_EXISTS"] as const;
export type RadioErrorCode = (typeof radioErrorCodes)[number];

export class RadioStationNotFoundError extends DomainError<"RADIO_STATION_NOT_FOUND"> {
  constructor() {
    super("RADIO_STATION_NOT_FOUND", "Radio station not found.");
  }
}

/** An id names one station's stream; adding it twice (a retried create) is refused. */
export class RadioStationExistsError extends DomainError<"RADIO_STATION_EXISTS"> {
  constructor() {
    super("RADIO_STATION_EXISTS", "This radio station already exists.");
  }
}
