export const unpaidOrdersMessages = {
  tooMany: (max: number) =>
    `You have ${String(max)} unpaid orders. Finish paying one with "Pay now" in My Orders, or cancel it there, before placing another.`,
  sameBicycle: (orderNumber: string) =>
    `You already have an unpaid order for this bicycle (${orderNumber}). Pay it with "Pay now", or cancel it, before ordering it again.`,
} as const;
