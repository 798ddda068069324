// No zod here: the storefront's Give now form imports these words without the schemas.
/** What the monthly gift pages and answers say. */
export const MONTHLY_GIFT_MESSAGES = {
  option: "Make this monthly",
  signInFirst: "Please sign in (or create an account) to give monthly, so you can stop it from your account.",
  notAvailable: "Monthly gifts cannot be taken at the moment. Please give once.",
  started: "Thank you! Your gift repeats each month until you cancel it.",
  cancelled: "Your monthly gift is cancelled. No further months will be charged.",
  notFound: "We could not find that monthly gift.",
  alreadyCancelled: "This monthly gift was cancelled already.",
  otherGateway:
    "This monthly gift was set up with another payment provider, so it cannot be stopped here. Please contact us and we will stop it.",
  otherGatewayStaff: (provider: string) =>
    `This monthly gift was set up with another payment provider (${provider}); cancel its subscription there. Nothing was changed here.`,
} as const;
