import { FORM_MESSAGES } from "../domain/messages.ts";

/** One entry of the state dropdown: the two-letter postal code and the name shown. */
export interface UsState {
  id: string;
  name: string;
}

/**
 * The 50 states, the District of Columbia, the armed-forces codes (AA, AE, AP) and the territories
 * AS, FM, GU, MH, MP, PW, PR, plus VI (the Virgin Islands, which the spec does not list but whose
 * addresses the postal service delivers as domestic), sorted by name.
 */
export const US_STATES: readonly UsState[] = [
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AS", "American Samoa"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["AA", "Armed Forces Americas"],
  ["AE", "Armed Forces Europe"],
  ["AP", "Armed Forces Pacific"],
  ["CA", "California"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["DC", "District of Columbia"],
  ["FM", "Federated States of Micronesia"],
  ["FL", "Florida"],
  ["GA", "Georgia"],
  ["GU", "Guam"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IL", "Illinois"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MH", "Marshall Islands"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NY", "New York"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["MP", "Northern Mariana Islands"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PW", "Palau"],
  ["PA", "Pennsylvania"],
  ["PR", "Puerto Rico"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["TX", "Texas"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VI", "Virgin Islands"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
].map(([id, name]) => ({ id, name }));

/** The first option of the state dropdown. */
export const SELECT_STATE_LABEL = "Select state";

const US_NAMES = new Set(["us", "usa", "united states", "united states of america"]);

/**
 * Whether a country value means the United States: US, USA, U.S., U.S.A., United States (of
 * America), ignoring case, dots and spaces around.
 */
export function isUnitedStates(country: string): boolean {
  return US_NAMES.has(country.trim().toLowerCase().replaceAll(".", "").replace(/\s+/g, " "));
}

/**
 * What is wrong with a US address's state, or null: it is required, and it is a two-letter code of
 * the dropdown (any case), never a name such as 'Kentucky' (a name cannot be matched to a rate or tax).
 */
export function usStateMessage(state: string): string | null {
  if (!state.trim()) return FORM_MESSAGES.required;
  if (!usStateByCode(state)) return `Select a valid choice. ${state} is not one of the available choices.`;
  return null;
}

/** The state whose code matches (ignoring case), so the dropdown can preselect an existing value. */
export function usStateByCode(code: string): UsState | undefined {
  const wanted = code.trim().toUpperCase();
  return US_STATES.find((state) => state.id === wanted);
}
