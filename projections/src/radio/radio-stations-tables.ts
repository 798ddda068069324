/** radio_stations: the stations carrying the program, for the public radio page and the admin list. */
export interface RadioStationsTable {
  id: number;
  call_letters: string;
  frequency: string;
  city: string;
  state: string;
  air_times: string;
  active: boolean;
  /** The stream version: the admin form's expected_version. */
  version: number;
}

export interface RadioStationsTables {
  radio_stations: RadioStationsTable;
}
