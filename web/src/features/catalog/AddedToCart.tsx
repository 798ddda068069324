/** §8: 'Added to Cart' with a View Cart link. */
export function AddedToCart() {
  return (
    <p role="status" className="alert positive">
      Added to Cart <a href="/store/cart/">View Cart</a>
    </p>
  );
}

/** §8: a failed add sends the shopper to the cart page with the item in the query, where the server says why. */
export const addFailedUrl = (sku: string, quantity: number) =>
  `/store/cart/?${encodeURIComponent(sku)}=${quantity}&add-to-cart`;
