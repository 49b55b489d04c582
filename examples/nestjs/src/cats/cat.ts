export interface Cat {
  id: number;
  name: string;
  age: number;
  breed?: string;
  tags: string[];
}

export interface Photo {
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
  caption?: string;
}

/** A domain error, mapped to 404 by CatNotFoundFilter (not an HttpException). */
export class CatNotFoundError extends Error {
  constructor(readonly id: number) {
    super(`Cat ${id} not found`);
  }
}
